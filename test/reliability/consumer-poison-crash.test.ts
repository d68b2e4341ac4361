import type { ParkedEvent } from '@dp/bus';
import { eventually } from '@dp/testing';
import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { counts, createScenario, ensureBrokerRunning, report, tick, waitForEffects, type Scenario } from './support';

/**
 * An event whose handler kills its consumer process (not a throw: the process dies, the delivery is never
 * settled) would be redelivered to every new consumer forever. Each redelivery counts as a failed attempt,
 * so after the retry policy's attempts it is parked in the dead-letter queue, and the consumer then keeps
 * running; the other events on the queue are applied exactly once.
 */
let scenario: Scenario | undefined;
const children: FixtureProcess[] = [];

beforeAll(() => ensureBrokerRunning(), 120_000);

afterAll(async () => {
  try {
    for (const child of children) await child.stop();
  } finally {
    await scenario?.cleanup();
  }
}, 120_000);

const MAX_ATTEMPTS = 3;

test('When an event kills every consumer that handles it, Then after 3 attempts it is parked in the dead-letter queue and the other events are applied exactly once (lost 0, duplicated 0, unexpected 0)', async () => {
  const s = (scenario = await createScenario('rl_poison'));
  const env = { ...s.fixtureEnv, HANDLER_SLEEP_MS: '0', PREFETCH: '1', CRASH_TYPE: 'reliability.crash', MAX_ATTEMPTS: String(MAX_ATTEMPTS), BACKOFF_MS: '200' };
  const start = async () => {
    const child = spawnFixture('reliability-consumer.ts', env);
    children.push(child);
    await child.waitFor('ready marker', (l) => l.marker === 'ready', 60_000);
    return child;
  };

  let child = await start();
  const poison = tick(0, 'reliability.crash');
  const ok = Array.from({ length: 30 }, (_, i) => tick(i));
  await s.newBus('producer').publish([...ok.slice(0, 15), poison, ...ok.slice(15)]);

  // Restart the consumer whenever the poison event kills it, as a process supervisor would.
  let crashes = 0;
  for (let round = 0; round < MAX_ATTEMPTS + 3; round++) {
    const outcome = await eventually(async () => (!child.alive() ? 'crashed' : (await s.queueDepth(`${s.queue}.dlq`)) === 1 ? 'parked' : undefined), 30_000, 100);
    if (outcome === 'parked') break;
    crashes++;
    child = await start();
  }

  await waitForEffects(s, ok.length, 30_000);
  const parked: ParkedEvent[] = await s.newBus('inspector').drainDeadLetters(s.queue);
  const tally = await s.tally(ok.map((e) => e.id));
  report('poison event that kills its consumer', { ...counts(tally), crashes, parked: parked.length });

  expect(crashes).toBe(MAX_ATTEMPTS);
  expect(parked).toHaveLength(1);
  expect(parked[0]).toMatchObject({ event: { id: poison.id }, attempts: MAX_ATTEMPTS, error: expect.stringMatching(/never acknowledged/) });
  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ok.length);
  expect(child.alive()).toBe(true);
}, 120_000);
