import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { CONTENT_GRANTS } from '../../commands/content-grants';

/** A deleted team's grants go with it (docs/adr/0097), each removal announced as a revocation would be. */
export const onIdentityTeamDeleted = defineHandler(IdentityEvents.TEAM_DELETED, async (event, trx, log, emit) => {
  const { teamId, organizationId } = event.data;
  let removed = 0;
  for (const grants of Object.values(CONTENT_GRANTS)) {
    const ids = await grants.store.removeTeam(trx, teamId);
    for (const id of ids) await grants.announce(emit, trx, id, organizationId, 'team', teamId, null);
    removed += ids.length;
  }
  if (removed > 0) log.info({ teamId, grants: removed }, 'grants of a deleted team removed');
});
