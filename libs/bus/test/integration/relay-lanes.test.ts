import type { Bus } from '@dp/bus';
import { startRelay } from '@dp/bus';
import { createDb, migrate } from '@dp/db';
import { envelope, type CloudEvent } from '@dp/events';
import { createLogger } from '@dp/log';
import { eventually, requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';

/**
 * A backlog drains with two batches in flight (relay `lanes`), on the real PostgreSQL: every event is published
 * exactly once, the batches overlap, and a failing publish marks nothing of its batch, which the relay sends later.
 * The bus is a recorder that holds each publish a moment, as a broker's confirms do.
 */
const schema = `${uniqueNamespace('lanes')}relay`;
const log = createLogger('relay-lanes', 'silent');
const db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 3 });

beforeAll(async () => {
  await requireInfrastructure();
  await migrate(db, schema, []);
});
afterAll(async () => {
  await db.raw('drop schema if exists ?? cascade', [schema]);
  await db.destroy();
});

/** Publishes after `confirmMs`; counts calls in flight; fails the calls `failing` names (1-based). */
function recordingBus(confirmMs: number, failing: Set<number> = new Set()) {
  const published: string[] = [];
  let calls = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  const bus: Pick<Bus, 'publish'> = {
    async publish(events: CloudEvent[]) {
      const call = ++calls;
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        await new Promise((resolve) => setTimeout(resolve, confirmMs));
        if (failing.has(call)) throw new Error(`publish ${call} refused`);
        published.push(...events.map((e) => e.id));
      } finally {
        inFlight--;
      }
    },
  };
  return { bus, published, mostInFlight: () => mostInFlight };
}

async function fillOutbox(n: number): Promise<string[]> {
  await db('outbox').delete();
  const events = Array.from({ length: n }, (_, i) => envelope('lanes.test.happened', { i }, { source: '/test' }));
  await db.batchInsert('outbox', events.map((e) => ({ id: e.id, type: e.type, event: JSON.stringify(e) })), 500);
  return events.map((e) => e.id);
}

const unpublished = async () => Number((await db('outbox').whereNull('published_at').count<{ n: string }[]>({ n: '*' }))[0].n);

/** A relay with two lanes, batches of 500, until the outbox has nothing left to publish. */
async function drainWithLanes(bus: Pick<Bus, 'publish'>): Promise<void> {
  const relay = startRelay({ db, databaseUrl: TEST_DATABASE_URL, schema, bus, log, batchSize: 500, lanes: 2, pollIntervalMs: 60_000 });
  try {
    await eventually(async () => (await unpublished()) === 0, 10_000);
  } finally {
    await relay.stop();
  }
}

test('When a backlog of 2,050 events drains with two lanes, Then each is published once, two batches at a time', async () => {
  const ids = await fillOutbox(2050);
  const recorder = recordingBus(50);
  await drainWithLanes(recorder.bus);
  expect([...recorder.published].sort()).toEqual([...ids].sort());
  expect(recorder.mostInFlight()).toBe(2);
});

test('When one lane’s publish fails, Then its batch stays unpublished with the attempt recorded, and the relay sends it once later', async () => {
  const ids = await fillOutbox(1500);
  // The first batch (alone), then the two lanes' first batches: the third call fails.
  const recorder = recordingBus(30, new Set([3]));
  await drainWithLanes(recorder.bus);
  expect([...recorder.published].sort()).toEqual([...ids].sort());
  expect(await db('outbox').where({ attempts: 1 }).whereNotNull('last_error').count({ n: '*' })).toEqual([{ n: '500' }]);
});
