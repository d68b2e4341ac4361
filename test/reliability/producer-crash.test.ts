import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { counts, createScenario, recordDeliveries, report, waitForEffects, type Scenario, ensureBrokerRunning } from './support';

// Every file starts with the test node up, whatever the file before it did to it (no order between files).
beforeAll(() => ensureBrokerRunning(), 120_000);

/**
 * A producer process is SIGKILLed while it commits events and its relay publishes them: some rows are
 * committed but not published, some possibly published (confirmed) but not yet marked. A relay started
 * afterwards publishes the rest; the consumer's inbox absorbs what goes out twice. The kill lands where the
 * fixture holds (HOLD_AFTER): the writer inside an uncommitted transaction, the relay between the broker's
 * confirm of a batch and its mark, so that the write is lost and that batch does go out twice.
 */
let scenario: Scenario | undefined;
let producer: FixtureProcess | undefined;

afterAll(async () => {
  try {
    await producer?.stop();
  } finally {
    await scenario?.cleanup();
  }
}, 120_000);

test('When the producer process is killed (SIGKILL) between commit and publish, Then a new relay publishes the rest and every committed event is applied exactly once (lost 0, duplicated 0, unexpected 0)', async () => {
  const s = (scenario = await createScenario('rl_prod'));
  const consumer = recordDeliveries(s.newBus('consumer'));
  await s.startEffectConsumer(consumer.bus, { prefetch: 16 });

  const count = 400;
  // The relay pauses 1 s after each batch of 10, so it lags behind the writer: rows are still to publish
  // when the writer holds after 200 events.
  producer = spawnFixture('reliability-producer.ts', { ...s.fixtureEnv, COUNT: String(count), PER_TRANSACTION: '4', BATCH_SIZE: '10', PUBLISH_PAUSE_MS: '1000', HOLD_AFTER: '200' });
  const committedIds = () => producer!.markers('committed').flatMap((m) => m.ids as string[]);
  // Killed where the fixture says it holds (a readiness signal, not a timer): mid-way through the writes,
  // with a transaction open, and with a batch the broker confirmed that the relay has not marked.
  await producer.waitFor('the writer and the relay holding', (line) => line.marker === 'holding', 60_000);
  producer.kill('SIGKILL');
  const exit = await producer.exited;
  expect(exit.signal).toBe('SIGKILL');

  const reported = new Set(committedIds());
  const inFlight = producer.markers('writing').flatMap((m) => m.ids as string[]);
  const confirmed = new Set(producer.markers('published').flatMap((m) => m.ids as string[]));
  await s.fixtureConnectionsGone(); // PostgreSQL has rolled back the killed relay's open transaction
  const rows: Array<{ id: string; published_at: Date | null }> = await s.producerDb('outbox').select('id', 'published_at');
  const outboxIds = rows.map((r) => r.id);
  const unpublished = rows.filter((r) => r.published_at === null).map((r) => r.id);
  const confirmedNotMarked = unpublished.filter((id) => confirmed.has(id));
  const appliedBeforeTakeover = await s.effectCount();

  // Every write the producer saw committed is in the outbox; some were never published.
  expect([...reported].filter((id) => !outboxIds.includes(id))).toEqual([]);
  // The crash interrupted the writer: it had not written everything, and the transaction it had open
  // was rolled back, not committed.
  expect(outboxIds.length).toBeLessThan(count);
  expect(inFlight.length).toBeGreaterThan(0);
  expect(inFlight.filter((id) => outboxIds.includes(id) || reported.has(id))).toEqual([]);
  expect(unpublished.length).toBeGreaterThan(0);
  // The crash hit between the broker's confirm and the outbox mark: these go out a second time.
  expect(confirmedNotMarked.length).toBeGreaterThan(0);

  s.startRelay(s.newBus('relay'), { pollIntervalMs: 250 });
  await waitForEffects(s, outboxIds.length, 60_000);
  const marker = await s.settle(consumer.deliveries);
  const tally = await s.tally([...outboxIds, marker]);
  const deliveredTwice = confirmedNotMarked.filter((id) => consumer.deliveries.filter((d) => d.id === id && d.outcome === 'ok').length > 1);
  report('producer killed between commit and publish', {
    ...counts(tally),
    applied: tally.applied,
    committed: outboxIds.length,
    reportedCommitted: reported.size,
    uncommittedAtCrash: inFlight.length,
    unpublishedAtCrash: unpublished.length,
    confirmedButNotMarkedAtCrash: confirmedNotMarked.length,
    redeliveredAndAbsorbed: deliveredTwice.length,
    appliedBeforeTakeover,
  });

  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(outboxIds.length + 1);
  // The de-duplication path did run: events delivered twice (once by the killed relay, once by the new
  // one) and applied once, which the tally above checks.
  expect(deliveredTwice.length).toBeGreaterThan(0);
  expect(await s.unpublished()).toBe(0);
}, 120_000);
