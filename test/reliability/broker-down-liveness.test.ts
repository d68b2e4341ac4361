import { eventually } from '@dp/testing';
import { spawnFixture, type FixtureProcess } from '../support/fixture-process';
import { counts, createScenario, ensureBrokerRunning, publishDirect, report, startBroker, stopBroker, tick, waitForEffects, type Scenario } from './support';

/**
 * While RabbitMQ is stopped no process exits: a worker process (relay + consumer, no handler for uncaught
 * errors) and this process (with its own AmqpBus and consumer) both log, retry, and resume once it is back.
 */
let scenario: Scenario | undefined;
let worker: FixtureProcess | undefined;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => void uncaught.push(err);

beforeAll(async () => {
  await ensureBrokerRunning();
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
}, 120_000);

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  try {
    await ensureBrokerRunning();
    await worker?.stop();
  } finally {
    await scenario?.cleanup();
  }
}, 120_000);

const logged = (w: FixtureProcess, msg: string) => w.lines.filter((l) => l.msg === msg).length;

test('When the broker is down, Then no process exits (no unhandled error), and after start_app the consumers resume within 10 s and apply every event once', async () => {
  const s = (scenario = await createScenario('rl_live'));
  worker = spawnFixture('reliability-worker.ts', { ...s.fixtureEnv, LOG_LEVEL: 'info' });
  const ready = await worker.waitFor('ready marker', (l) => l.marker === 'ready', 60_000);

  // This process too keeps a bus with a consumer of its own (queue `<namespace>side`) through the outage.
  const sideQueue = `${s.namespace}side`;
  const side: string[] = [];
  const sideBus = s.newBus('side');
  await sideBus.subscribe({ queue: sideQueue, bindings: ['reliability.tick'], handle: async (event) => void side.push(event.id) });

  const before = await s.writeEvents(20);
  await waitForEffects(s, 20, 30_000);

  let during: string[] = [];
  const canary = tick(-1);
  const timeline: Record<string, number> = {};
  try {
    await stopBroker();
    timeline.stoppedAt = Date.now();
    // Committed while the broker is down: the worker's relay cannot publish them and keeps retrying.
    during = await s.writeEvents(50, { perTransaction: 5, pauseMs: 50 });
    // Instead of a sleep: wait until the worker has really met the outage (its relay failed to publish
    // and its bus failed to reconnect), with the rows it could not publish still in the outbox.
    await eventually(() => logged(worker!, 'outbox relay could not publish; will retry') >= 1 && logged(worker!, 'message broker unreachable; retrying') >= 1, 60_000, 50);
    timeline.unpublishedWhileDown = await s.unpublished();
    expect(timeline.unpublishedWhileDown).toBe(during.length);
    expect(worker.alive()).toBe(true);
    expect(sideBus.connected).toBe(false);
    timeline.upAt = await startBroker();
  } finally {
    await ensureBrokerRunning();
  }
  // A canary straight to the exchange: how long until each consumer takes deliveries again.
  await publishDirect(s.exchange, [canary]);
  await eventually(async () => (await s.consumerDb('effects').where({ event_id: canary.id }).first()) !== undefined, 15_000, 50);
  timeline.workerResumedAfterMs = Date.now() - timeline.upAt;
  await eventually(() => side.includes(canary.id), 15_000, 50);
  timeline.thisProcessResumedAfterMs = Date.now() - timeline.upAt;

  const ids = [...before, ...during, canary.id];
  await waitForEffects(s, ids.length, 60_000);
  const marker = await s.settle();
  const tally = await s.tally([...ids, marker]);
  const logs = {
    connectionLost: logged(worker, 'message broker connection lost; reconnecting'),
    unreachable: logged(worker, 'message broker unreachable; retrying'),
    relayRetries: logged(worker, 'outbox relay could not publish; will retry'),
    reconnected: logged(worker, 'connected to message broker'),
  };
  report('broker down', { ...counts(tally), applied: tally.applied, expected: tally.expected, uncaught: uncaught.length, ...logs, ...timeline });

  expect(worker.alive()).toBe(true);
  expect(uncaught).toEqual([]);
  expect(timeline.workerResumedAfterMs).toBeLessThan(10_000);
  expect(timeline.thisProcessResumedAfterMs).toBeLessThan(10_000);
  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ids.length + 1);
  // The worker said what happened instead of dying: lost the connection, retried, reconnected.
  expect(logs.connectionLost).toBeGreaterThanOrEqual(1);
  expect(logs.unreachable).toBeGreaterThanOrEqual(1);
  expect(logs.relayRetries).toBeGreaterThanOrEqual(1);
  expect(logs.reconnected).toBeGreaterThanOrEqual(2);
  // This process's consumer got everything published after the restart too (its queue is durable).
  await eventually(() => ids.every((id) => side.includes(id)), 15_000, 100);

  // And the worker still shuts down cleanly: SIGTERM to the node process running the script.
  process.kill(ready.pid, 'SIGTERM');
  expect(await worker.exited).toEqual({ code: 0, signal: null });
}, 120_000);
