import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { counts, createScenario, recordDeliveries, report, waitForEffects, type Scenario } from './support';

/**
 * A producer process is SIGKILLed while it commits events and its relay publishes them: some rows are
 * committed but not published, some possibly published (confirmed) but not yet marked. A relay started
 * afterwards publishes the rest; the consumer's inbox absorbs what goes out twice. The kill lands right
 * after the broker confirmed a batch and before the relay marked it, so that batch does go out twice.
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
  producer = spawnFixture('reliability-producer.ts', { ...s.fixtureEnv, COUNT: String(count), PER_TRANSACTION: '4', BATCH_SIZE: '10', PUBLISH_PAUSE_MS: '1000' });
  const committedIds = () => producer!.markers('committed').flatMap((m) => m.ids as string[]);
  // Kill it mid-way (a good part committed, a few batches published, the rest still to publish), as soon
  // as a batch is confirmed: the relay then pauses before it marks the batch published.
  await producer.waitFor(
    'a batch confirmed after 100 committed events and 2 published batches',
    // `at` is when the fixture printed it: well inside its 1 s pause, not a line read late from the pipe.
    (line) => line.marker === 'published' && Date.now() - line.at < 300 && committedIds().length >= 100 && producer!.markers('published').length >= 3,
    60_000,
  );
  producer.kill('SIGKILL');
  const exit = await producer.exited;
  expect(exit.signal).toBe('SIGKILL');

  const reported = new Set(committedIds());
  const confirmed = new Set(producer.markers('published').flatMap((m) => m.ids as string[]));
  await s.fixtureConnectionsGone(); // PostgreSQL has rolled back the killed relay's open transaction
  const rows: Array<{ id: string; published_at: Date | null }> = await s.producerDb('outbox').select('id', 'published_at');
  const outboxIds = rows.map((r) => r.id);
  const unpublished = rows.filter((r) => r.published_at === null).map((r) => r.id);
  const confirmedNotMarked = unpublished.filter((id) => confirmed.has(id));
  const appliedBeforeTakeover = await s.effectCount();

  // Every write the producer saw committed is in the outbox; some were never published.
  expect([...reported].filter((id) => !outboxIds.includes(id))).toEqual([]);
  expect(outboxIds.length).toBeLessThan(count);
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
