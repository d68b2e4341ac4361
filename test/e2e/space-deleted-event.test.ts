import amqp from 'amqplib';
import knex, { type Knex } from 'knex';
import { ContentEvents } from '@dp/events';
import { eventually, TEST_AMQP_URL, TEST_DATABASE_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';
import { spawnFixture, type FixtureProcess, type FixtureLine } from '../support/fixture-process';

/**
 * content.space.deleted / .restored leave the content service through its outbox and relay, cross the real
 * RabbitMQ, and are handled by a consumer running in another process (test/fixtures/space-event-probe.ts)
 * with its own schema and inbox: once each in effect, even when the relay publishes the same event twice.
 * (Timeouts are given per hook and test: jest ignores the `testTimeout` of a project in jest.config.js.)
 */
let stack: TestStack;
let db: Knex;
let probe: FixtureProcess | undefined;
let probeSchema: string;
let owner: { token: string };
let spaceId: string;
let deletedEventId: string;
let organizationId: string;

interface HandledRow {
  event_id: string;
  type: string;
  space_id: string;
}
// The effects on the space under test (marker spaces, see markerHandled, have their own).
const handled = (): Promise<HandledRow[]> => db.withSchema(probeSchema).from('probe_handled').where({ space_id: spaceId }).select('event_id', 'type', 'space_id').orderBy('seq');
const contentOutbox = () => db.withSchema(stack.envOf('content').DB_SCHEMA!).from('outbox');
/**
 * Proves absence without a sleep: a later marker on the probe's queue (another space of the organization
 * deleted through the gateway, handled by the same consumer). Once its effect is there, a second effect of an
 * event published before it would have had its turn.
 */
async function markerHandled(): Promise<void> {
  const marker = await stack.call('POST', `/v1/orgs/${organizationId}/spaces`, { token: owner.token, body: { title: 'Marker' } });
  expect(marker.status).toBe(201);
  expect((await stack.call('DELETE', `/v1/spaces/${marker.body.id}`, { token: owner.token })).status).toBe(205);
  await eventually(async () => (await db.withSchema(probeSchema).from('probe_handled').where({ space_id: marker.body.id }).first()) !== undefined, 20_000);
}
const redeliveryIgnored = (eventId: string) => (line: FixtureLine) => line.msg === 'already handled; redelivery ignored' && line.eventId === eventId;

beforeAll(async () => {
  stack = await bootStack('sde');
  probeSchema = `${stack.namespace}probe`;
  db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });

  const user = await stack.newUser('space-owner');
  owner = user;
  const org = await stack.newOrg(user.token, 'Events Inc');
  organizationId = org.id;
  const created = await stack.call('POST', `/v1/orgs/${org.id}/spaces`, { token: user.token, body: { title: 'Doomed' } });
  expect(created.status).toBe(201);
  spaceId = created.body.id;

  probe = spawnFixture('space-event-probe.ts', {
    DATABASE_URL: TEST_DATABASE_URL,
    AMQP_URL: TEST_AMQP_URL,
    EXCHANGE: stack.envOf('content').AMQP_EXCHANGE!,
    QUEUE: probeSchema,
    SCHEMA: probeSchema,
    LOG_LEVEL: 'debug',
  });
  await probe.waitFor('ready marker', (l) => l.marker === 'ready', 60_000);
}, 120_000);

afterAll(async () => {
  await probe?.stop();
  if (db) {
    await db.raw('drop schema if exists ?? cascade', [probeSchema]);
    await db.destroy();
  }
  if (probeSchema) {
    const conn = await amqp.connect(TEST_AMQP_URL);
    conn.on('error', () => undefined);
    try {
      const ch = await conn.createChannel();
      for (const suffix of ['', '.retry', '.dlq']) await ch.deleteQueue(`${probeSchema}${suffix}`);
    } finally {
      await conn.close().catch(() => undefined);
    }
  }
  await stack?.stop();
}, 60_000);

describe('space lifecycle events reach a consumer in another process', () => {
  test('When a space is deleted through the gateway, Then the other process handles content.space.deleted once, for that space', async () => {
    const res = await stack.call('DELETE', `/v1/spaces/${spaceId}`, { token: owner.token });
    expect(res.status).toBe(205);

    const [row] = await eventually(async () => {
      const rows = await handled();
      return rows.length > 0 && rows;
    }, 20_000);
    expect(row).toMatchObject({ type: ContentEvents.SPACE_DELETED, space_id: spaceId });
    deletedEventId = row.event_id;
    // The event the child handled is the one the content service put in its outbox.
    const outboxRow = await contentOutbox().where({ id: deletedEventId }).first();
    expect(outboxRow).toMatchObject({ type: ContentEvents.SPACE_DELETED });
    expect(outboxRow.event.data.space).toMatchObject({ id: spaceId, deletedAt: expect.any(String) });

    await markerHandled(); // a second effect, were there one, would be there by now
    expect(await handled()).toEqual([{ event_id: deletedEventId, type: ContentEvents.SPACE_DELETED, space_id: spaceId }]);
    expect(probe!.alive()).toBe(true);
  }, 60_000);

  test('When the relay publishes the same content.space.deleted again, Then the child receives it and its inbox keeps the effect at exactly once', async () => {
    expect(deletedEventId).toBeDefined();
    expect(probe!.lines.filter(redeliveryIgnored(deletedEventId))).toHaveLength(0);

    // As after a relay crash between the broker's confirm and the commit: the row is unpublished again.
    const reset = await contentOutbox().where({ id: deletedEventId }).whereNotNull('published_at').update({ published_at: null });
    expect(reset).toBe(1);
    await eventually(async () => (await contentOutbox().where({ id: deletedEventId }).first()).published_at !== null, 20_000);
    // The duplicate did reach the child: its consumer logs (debug) that the inbox absorbed it.
    await probe!.waitFor(`redelivery of ${deletedEventId}`, redeliveryIgnored(deletedEventId), 20_000);

    expect(await handled()).toEqual([{ event_id: deletedEventId, type: ContentEvents.SPACE_DELETED, space_id: spaceId }]);
    const inbox = await db.withSchema(probeSchema).from('inbox').where({ event_id: deletedEventId });
    expect(inbox).toEqual([expect.objectContaining({ consumer: probeSchema, type: ContentEvents.SPACE_DELETED })]);
  }, 60_000);

  test('When the space is restored through the gateway, Then the child handles content.space.restored once, for that space', async () => {
    const res = await stack.call('POST', `/v1/spaces/${spaceId}/restore`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(spaceId);

    await eventually(async () => (await handled()).some((r) => r.type === ContentEvents.SPACE_RESTORED), 20_000);
    await markerHandled();
    const rows = await handled();
    expect(rows).toEqual([
      { event_id: deletedEventId, type: ContentEvents.SPACE_DELETED, space_id: spaceId },
      { event_id: expect.any(String), type: ContentEvents.SPACE_RESTORED, space_id: spaceId },
    ]);
    const restored = await contentOutbox().where({ id: rows[1].event_id }).first();
    expect(restored).toMatchObject({ type: ContentEvents.SPACE_RESTORED, published_at: expect.any(Date) });
    expect(probe!.markers('handled').filter((m) => m.spaceId === spaceId).map((m) => m.type)).toEqual([ContentEvents.SPACE_DELETED, ContentEvents.SPACE_RESTORED]);
  }, 60_000);
});
