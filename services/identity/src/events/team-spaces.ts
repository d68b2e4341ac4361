import { defineHandler, type AnyEventHandler } from '@dp/bus';
import { ContentEvents } from '@dp/events';
import { addTeamSpace, forgetSpace, markSpaceDeleted, removeTeamSpace } from '../data/team-spaces';

/** The spaces granted to teams, kept from content's events for the teams' `spaces` count (docs/adr/0097). */
export const teamSpaceHandlers = (): AnyEventHandler[] => [
  defineHandler(ContentEvents.SPACE_TEAM_PERMISSION_UPDATED, async (event, trx) => {
    const { teamId, spaceId, role } = event.data;
    await (role === null ? removeTeamSpace(trx, teamId, spaceId) : addTeamSpace(trx, teamId, spaceId));
  }),
  defineHandler(ContentEvents.SPACE_DELETED, async (event, trx) => {
    await markSpaceDeleted(trx, event.data.space.id, true);
  }),
  defineHandler(ContentEvents.SPACE_RESTORED, async (event, trx) => {
    await markSpaceDeleted(trx, event.data.space.id, false);
  }),
  defineHandler(ContentEvents.SPACE_PURGED, async (event, trx) => {
    await forgetSpace(trx, event.data.spaceId);
  }),
];
