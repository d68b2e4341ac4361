import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { announceGrant } from '../../commands/content-permissions';
import { deleteTeamPermissions } from '../../data/content-permissions';

/** A deleted team's grants go with it (docs/adr/0097), each removal announced as a revocation would be. */
export const onIdentityTeamDeleted = defineHandler(IdentityEvents.TEAM_DELETED, async (event, trx, log, emit) => {
  const { teamId, organizationId } = event.data;
  const removed = await deleteTeamPermissions(trx, teamId);
  for (const on of removed) await announceGrant(emit, trx, on, organizationId, 'team', teamId, null);
  if (removed.length > 0) log.info({ teamId, grants: removed.length }, 'grants of a deleted team removed');
});
