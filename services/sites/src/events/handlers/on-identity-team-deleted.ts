import { defineHandler } from '@dp/bus';
import { IdentityEvents } from '@dp/events';
import { SITE_GRANTS } from '../../commands/site-grants';

/** A deleted team's site grants go with it (docs/adr/0098), each removal announced as a revocation would be. */
export const onIdentityTeamDeleted = defineHandler(IdentityEvents.TEAM_DELETED, async (event, trx, log, emit) => {
  const { teamId, organizationId } = event.data;
  const ids = await SITE_GRANTS.store.removeTeam(trx, teamId);
  for (const id of ids) await SITE_GRANTS.announce(emit, trx, id, organizationId, 'team', teamId, null);
  if (ids.length > 0) log.info({ teamId, grants: ids.length }, 'site grants of a deleted team removed');
});
