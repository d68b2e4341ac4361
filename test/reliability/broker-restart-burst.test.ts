import { eventually } from '@dp/testing';
import { closeConnectionsNamed, counts, createScenario, ensureBrokerRunning, killBroker, publishDirect, rebootBroker, recordDeliveries, report, startBroker, stopBroker, tick, waitForEffects, type DeliveryRecord, type Scenario } from './support';

/**
 * RabbitMQ goes away while 500 events are being committed to an outbox in 100 small transactions and
 * relayed, and comes back: stopped with `rabbitmqctl stop_app` (the node stays up) or SIGKILLed (the whole
 * node dies, nothing is shut down; it is booted again on its data). The outbox keeps what the broker could
 * not take, the relay retries, the consumer reconnects and the inbox absorbs the redeliveries.
 */
const scenarios: Scenario[] = [];

beforeAll(() => ensureBrokerRunning(), 120_000);

// Each test's scenario goes when the test ends, so that the file holds one scenario's connections at a time.
afterEach(async () => {
  try {
    await ensureBrokerRunning();
  } finally {
    for (const s of scenarios.splice(0)) await s.cleanup();
  }
}, 120_000);

/** Events committed while the broker is down, counted from the moment it really is down. */
const WHILE_DOWN = 50;

async function burstThroughOutage(label: string, breakIt: () => Promise<void>, repair: () => Promise<number>): Promise<void> {
  const s = await createScenario(label);
  scenarios.push(s);
  const consumerBus = s.newBus('consumer');
  const consumer = recordDeliveries(consumerBus);
  await s.startEffectConsumer(consumer.bus, { prefetch: 16 });
  s.startRelay(s.newBus('relay'), { pollIntervalMs: 250 });

  let written = 0;
  const timeline: Record<string, number> = {};
  let down: Promise<void> | undefined;
  let outage: Promise<void> | undefined;
  const canary = tick(-1);
  const breakTheBroker = async () => {
    timeline.appliedBeforeFault = await s.effectCount();
    await breakIt();
    // Taken once the AMQP port refuses connections, not when the fault was requested.
    timeline.writtenWhenDown = written;
  };
  const outageThenRepair = async () => {
    await down;
    // The producer goes on committing; the broker stays down until WHILE_DOWN more events are committed.
    await eventually(() => written >= Math.min(500, timeline.writtenWhenDown + WHILE_DOWN), 60_000, 20);
    timeline.writtenWhileDown = written - timeline.writtenWhenDown;
    // Rows the relay could not publish, counted while the broker is really down.
    timeline.unpublishedWhileDown = await s.unpublished();
    const upAt = (timeline.upAt = await repair());
    // A canary published straight to the exchange, so that a delivery is due once the node is up whatever
    // the relay does; its effect is counted with the others at the end. Resumption is the consumer's first
    // delivery on its new connection, not the canary's effect: after a SIGKILL the canary queues behind the
    // messages the node recovered and the relay's backlog, so its effect measured how long a busy machine
    // took to drain those (in a full run, over 30 s with the node answering again after ~4 s), not whether
    // the consumer came back. Draining is bounded by waitForEffects below.
    await publishDirect(s.exchange, [canary]);
    let first: DeliveryRecord;
    try {
      first = await eventually(() => consumerBus.connected && consumer.deliveries.find((d) => d.at >= upAt), 30_000, 20);
    } catch {
      throw new Error(`the consumer took no delivery within 30 s of the broker answering again (connected: ${consumerBus.connected}, deliveries so far: ${consumer.deliveries.length}, effects: ${await s.effectCount()}, unpublished: ${await s.unpublished()}, queue depth: ${await s.queueDepth().catch((err: Error) => err.message)})`);
    }
    timeline.resumedAfterMs = first.at - upAt;
  };

  const ids = await s.writeEvents(500, {
    perTransaction: 5,
    pauseMs: 60,
    onCommitted: async (n) => {
      written = n;
      if (n !== 100) return;
      down = breakTheBroker();
      outage = outageThenRepair();
      // The next commits wait until the broker is down, so that the outage overlaps the burst however
      // long the fault takes to land on a busy machine.
      await down;
    },
  });
  expect(outage).toBeDefined();
  try {
    await outage;
  } finally {
    await ensureBrokerRunning();
  }

  await waitForEffects(s, ids.length + 1, 120_000);
  const marker = await s.settle(consumer.deliveries);
  const tally = await s.tally([...ids, canary.id, marker]);
  const redelivered = consumer.deliveries.length - new Set(consumer.deliveries.map((d) => d.id)).size;
  report(label, { ...counts(tally), applied: tally.applied, expected: tally.expected, redeliveriesAbsorbed: redelivered, ...timeline });

  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ids.length + 2);
  // The outage did fall inside the burst: events flowed before it, were committed while the broker was
  // down, and stayed unpublished until it came back.
  expect(timeline.appliedBeforeFault).toBeGreaterThan(0);
  expect(timeline.writtenWhileDown).toBeGreaterThanOrEqual(WHILE_DOWN);
  expect(timeline.unpublishedWhileDown).toBeGreaterThan(0);
  expect(timeline.resumedAfterMs).toBeLessThan(10_000);
  expect(consumerBus.connected).toBe(true);
  expect(await s.unpublished()).toBe(0);
  expect(await s.queueDepth()).toBe(0);
}

test('When the broker is stopped (stop_app) and started again during a burst of 500 outbox events, Then every event is applied exactly once (lost 0, duplicated 0, unexpected 0) and the consumer resumes within 10 s', async () => {
  await burstThroughOutage('rl_burst', stopBroker, startBroker);
}, 240_000);

test('When the RabbitMQ node is SIGKILLed and booted again during a burst of 500 outbox events, Then every event is applied exactly once (lost 0, duplicated 0, unexpected 0) and the consumer resumes within 10 s', async () => {
  await burstThroughOutage('rl_sigkill', killBroker, rebootBroker);
}, 240_000);

test('When the broker closes the clients\' connections (as close_all_connections does) twice during a burst, Then every event is applied exactly once (lost 0, duplicated 0, unexpected 0)', async () => {
  const s = await createScenario('rl_kick');
  scenarios.push(s);
  const consumerBus = s.newBus('consumer');
  const consumer = recordDeliveries(consumerBus);
  await s.startEffectConsumer(consumer.bus, { prefetch: 16 });
  const relayBus = s.newBus('relay');
  s.startRelay(relayBus, { pollIntervalMs: 250 });

  // Twice, once both buses are connected: the broker closes this test's connections (named after its
  // namespace) while events are being committed and relayed. The writer waits for each kick, so both land
  // inside the burst however slowly the buses reconnect on a busy machine.
  const kicks: Array<{ closed: number; written: number; unpublished: number }> = [];
  const ids = await s.writeEvents(500, {
    perTransaction: 5,
    pauseMs: 40,
    onCommitted: async (written) => {
      if (written !== 60 && written !== 250) return;
      await eventually(() => consumerBus.connected && relayBus.connected, 30_000, 20);
      const unpublished = await s.unpublished();
      kicks.push({ written, unpublished, closed: await closeConnectionsNamed(s.namespace, 'reliability test: connection closed by the broker') });
    },
  });
  await waitForEffects(s, ids.length, 60_000);
  const marker = await s.settle(consumer.deliveries);
  const tally = await s.tally([...ids, marker]);
  const redelivered = consumer.deliveries.length - new Set(consumer.deliveries.map((d) => d.id)).size;
  report('connections closed by the broker during a burst', { ...counts(tally), applied: tally.applied, expected: tally.expected, redeliveriesAbsorbed: redelivered, kicks });

  // Each time the relay's connection and the consumer's were closed, in the middle of the burst.
  expect(kicks.map((k) => k.closed)).toEqual([2, 2]);
  expect(kicks.map((k) => k.written)).toEqual([60, 250]);
  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ids.length + 1);
  expect(consumerBus.connected).toBe(true);
  expect(await s.unpublished()).toBe(0);
}, 120_000);
