import type { Knex } from 'knex';
import { defineHandler, oneHandlerPerType } from '@dp/bus';
import { ContentEvents, createEvent, IdentityEvents } from '@dp/events';

describe('several handlers of one context for one event type', () => {
  test('When two handlers take one type, Then the queue gets one handler that runs both in turn, with the same transaction; a lone one is kept as it is', async () => {
    const ran: string[] = [];
    const trx = {} as Knex.Transaction;
    const first = defineHandler(ContentEvents.SPACE_PURGED, async (_event, given) => void ran.push(given === trx ? 'audit' : 'other trx'));
    const second = defineHandler(ContentEvents.SPACE_PURGED, async (event) => void ran.push(`count ${event.data.spaceId}`));
    const lone = defineHandler(IdentityEvents.TEAM_DELETED, async () => undefined);
    const combined = oneHandlerPerType([first, lone, second]);
    expect(combined.map((h) => h.type)).toEqual([ContentEvents.SPACE_PURGED, IdentityEvents.TEAM_DELETED]);
    expect(combined[1]).toBe(lone);
    const event = createEvent(ContentEvents.SPACE_PURGED, { spaceId: 'sp1', organizationId: 'o1' }, { source: '/content', subject: 'sp1' });
    await combined[0].handle(event as never, trx, console as never, async () => undefined);
    expect(ran).toEqual(['audit', 'count sp1']);
  });
});
