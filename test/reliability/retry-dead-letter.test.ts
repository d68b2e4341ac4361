import type { ParkedEvent } from '@dp/bus';
import { eventually } from '@dp/testing';
import { applyEffect, counts, createScenario, ensureBrokerRunning, recordDeliveries, report, tick, waitForEffects, type Scenario } from './support';

/**
 * A handler that always fails is retried through the `.retry` queue (per-message TTL, dead-lettered back)
 * a bounded number of times with growing delays, then parked in `.dlq` with its error; meanwhile the other
 * events on the same queue are not held up behind it.
 */
let scenario: Scenario | undefined;

beforeAll(() => ensureBrokerRunning(), 120_000);

afterAll(async () => {
  await scenario?.cleanup();
}, 120_000);

const backoffMs = (attempt: number) => 200 * attempt;

test('When a handler always fails, Then it is retried 3 times with backoff, parked in the dead-letter queue with its error, and other events on the queue keep flowing', async () => {
  const s = (scenario = await createScenario('rl_dlq'));
  const consumerBus = s.newBus('consumer');
  const consumer = recordDeliveries(consumerBus);
  await s.startEffectConsumer(consumer.bus, {
    prefetch: 16,
    retry: { maxAttempts: 3, backoffMs },
    extra: [
      {
        type: 'reliability.poison',
        async handle(event, trx) {
          await applyEffect(trx, event); // rolled back with the inbox row when the handler throws
          // The first attempt fails only once every other event is applied: were they held up behind a
          // failing event, this would never happen (waitForEffects below would time out). A gate on what
          // happened, not a deadline on how fast a busy machine handles 40 events.
          const [{ attempt }] = consumer.deliveries.filter((d) => d.id === event.id).slice(-1);
          if (attempt === 1) await eventually(async () => (await s.effectCount()) >= ok.length, 60_000, 20);
          throw new Error(`poison pill ${event.id}`);
        },
      },
    ],
  });

  const poison = [tick(0, 'reliability.poison'), tick(1, 'reliability.poison')];
  const ok = Array.from({ length: 40 }, (_, i) => tick(i));
  await s.newBus('producer').publish([poison[0], ...ok.slice(0, 20), poison[1], ...ok.slice(20)]);

  await waitForEffects(s, ok.length, 60_000);
  const parked: ParkedEvent[] = [];
  await eventually(
    async () => {
      parked.push(...(await consumerBus.drainDeadLetters(s.queue)));
      return parked.length >= poison.length;
    },
    30_000,
    200,
  );
  // Nothing else may arrive (no fourth attempt, no second parking): proved by a marker sent through the
  // retry queue after the parking, which comes back behind anything still on its way.
  const marker = await s.settle(consumer.deliveries);
  parked.push(...(await consumerBus.drainDeadLetters(s.queue)));

  const attemptsOf = (id: string) => consumer.deliveries.filter((d) => d.id === id);
  const gaps = poison.map((p) => {
    const a = attemptsOf(p.id);
    return a.slice(1).map((d, i) => d.at - a[i].at);
  });
  const okIds = new Set(ok.map((e) => e.id));
  const lastOkAt = Math.max(...consumer.deliveries.filter((d) => okIds.has(d.id)).map((d) => d.at));
  const finalAttemptAt = Math.min(...poison.map((p) => attemptsOf(p.id)[2]?.at ?? Infinity));
  const tally = await s.tally([...ok.map((e) => e.id), marker]);
  report('always-failing handler', { ...counts(tally), applied: tally.applied, parked: parked.length, retryGapsMs: gaps, lastOkBeforeFinalPoisonAttemptMs: finalAttemptAt - lastOkAt });

  // Parked once each, after the third attempt, with the handler's error.
  expect(parked.map((p) => ({ id: p.event.id, attempts: p.attempts, error: p.error })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
    poison.map((p) => ({ id: p.id, attempts: 3, error: `poison pill ${p.id}` })).sort((a, b) => a.id.localeCompare(b.id)),
  );
  for (const p of poison) {
    expect(attemptsOf(p.id).map((d) => [d.attempt, d.outcome])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
  }
  // Backoff: attempt n+1 comes no sooner than backoffMs(n) after attempt n, and not much later either.
  for (const [first, second] of gaps) {
    expect(first).toBeGreaterThanOrEqual(backoffMs(1) - 10);
    expect(second).toBeGreaterThanOrEqual(backoffMs(2) - 10);
    expect(first + second).toBeLessThan(10_000);
  }
  // The failing events left no effect and no inbox row behind.
  expect(await s.consumerDb('effects').whereIn('event_id', poison.map((p) => p.id))).toEqual([]);
  expect(await s.consumerDb('inbox').whereIn('event_id', poison.map((p) => p.id))).toEqual([]);
  // The others flowed past them: all applied once, before the poison's last attempt.
  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ok.length + 1);
  expect(lastOkAt).toBeLessThan(finalAttemptAt);
  expect(consumer.deliveries.filter((d) => d.type === 'reliability.tick').every((d) => d.attempt === 1 && d.outcome === 'ok')).toBe(true);
  // Nothing is left behind in the queue, its retry queue or its dead-letter queue.
  expect([await s.queueDepth(), await s.queueDepth(`${s.queue}.retry`), await s.queueDepth(`${s.queue}.dlq`)]).toEqual([0, 0, 0]);
}, 120_000);
