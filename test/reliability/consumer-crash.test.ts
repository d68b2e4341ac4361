import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { counts, createScenario, recordDeliveries, report, waitForEffects, type Scenario, ensureBrokerRunning } from './support';

// Every file starts with the test node up, whatever the file before it did to it (no order between files).
beforeAll(() => ensureBrokerRunning(), 120_000);

/**
 * A consumer process is SIGKILLed while its handlers sleep inside their transactions: their effects roll
 * back, the broker requeues the unacknowledged deliveries, and a new consumer on the same queue applies
 * them; deliveries whose effect had committed but whose ack was lost are absorbed by the inbox. The
 * consumer waits between its commit and its ack, and the kill lands in that window while other handlers
 * are still inside their transactions, so both paths are taken.
 */
let scenario: Scenario | undefined;
let child: FixtureProcess | undefined;

afterAll(async () => {
  try {
    await child?.stop();
  } finally {
    await scenario?.cleanup();
  }
}, 120_000);

test('When the consumer process is killed (SIGKILL) mid-handler, Then a new consumer takes over and every event is applied exactly once (lost 0, duplicated 0, unexpected 0)', async () => {
  const s = (scenario = await createScenario('rl_cons'));
  child = spawnFixture('reliability-consumer.ts', { ...s.fixtureEnv, HANDLER_SLEEP_MS: '400', HANDLER_STAGGER_MS: '600', AFTER_COMMIT_MS: '1000', PREFETCH: '4' });
  await child.waitFor('ready marker', (l) => l.marker === 'ready', 60_000);

  s.startRelay(s.newBus('relay'), { pollIntervalMs: 250 });
  const ids = await s.writeEvents(60, { perTransaction: 10 });
  await waitForEffects(s, 8, 60_000);
  // Four handlers are in flight at any time, sleeping 0.4, 1.0, 1.6 and 2.2 s (the stagger): when one has
  // committed (it then waits before its ack), the others still sleep inside their transactions for at least
  // 0.6 s more. Kill the process then: a batch that commits together would leave no handler to interrupt.
  const handling = (id: string) => child!.markers('committed').every((m) => m.id !== id);
  await child.waitFor(
    'a committed, unacknowledged event while another is mid-handler',
    (line) => line.marker === 'committed' && Date.now() - line.at < 300 && child!.markers('handling').some((m) => handling(m.id)),
    60_000,
  );
  child.kill('SIGKILL');
  expect((await child.exited).signal).toBe('SIGKILL');
  await s.fixtureConnectionsGone(); // PostgreSQL has rolled back the killed process's open transactions

  const committedBefore = new Set<string>((await s.consumerDb('effects').select('event_id')).map((r: { event_id: string }) => r.event_id));
  const started = child.markers('handling').map((m) => m.id as string);
  const interrupted = started.filter((id) => !committedBefore.has(id));
  expect(interrupted.length).toBeGreaterThan(0);
  expect(committedBefore.size).toBeLessThan(ids.length);

  const takeover = recordDeliveries(s.newBus('takeover'));
  await s.startEffectConsumer(takeover.bus, { prefetch: 16 });
  await waitForEffects(s, ids.length, 60_000);
  const marker = await s.settle(takeover.deliveries);
  const tally = await s.tally([...ids, marker]);
  const absorbed = takeover.deliveries.filter((d) => committedBefore.has(d.id) && d.outcome === 'ok').length;
  report('consumer killed mid-handler', {
    ...counts(tally),
    applied: tally.applied,
    expected: tally.expected,
    appliedBeforeKill: committedBefore.size,
    interruptedMidHandler: interrupted.length,
    redeliveredAfterCommitAndAbsorbed: absorbed,
  });

  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ids.length + 1);
  // The de-duplication path did run: events applied before the kill but never acknowledged came back to
  // the new consumer, whose inbox absorbed them (each still applied once, per the tally).
  expect(absorbed).toBeGreaterThan(0);
  // The deliveries the crash interrupted went to the new consumer and were applied there, once.
  const takenOver = new Set(takeover.deliveries.filter((d) => d.outcome === 'ok').map((d) => d.id));
  expect(interrupted.filter((id) => !takenOver.has(id))).toEqual([]);
  expect(await s.queueDepth()).toBe(0);
}, 120_000);
