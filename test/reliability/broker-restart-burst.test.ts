import { eventually, sleep } from '@dp/testing';
import { closeConnectionsNamed, counts, createScenario, ensureBrokerRunning, publishDirect, recordDeliveries, report, startBroker, stopBroker, tick, waitForEffects, type Scenario } from './support';

/**
 * RabbitMQ goes away (`rabbitmqctl stop_app`) and comes back (`start_app`) while 500 events are being
 * committed to an outbox in 100 small transactions and relayed: the outbox keeps what the broker could not
 * take, the relay retries, the consumer reconnects and the inbox absorbs the redeliveries.
 */
const scenarios: Scenario[] = [];

afterAll(async () => {
  try {
    await ensureBrokerRunning();
  } finally {
    for (const s of scenarios) await s.cleanup();
  }
}, 120_000);

test('When the broker is stopped and restarted during a burst of 500 outbox events, Then every event is applied exactly once (lost 0, duplicated 0, unexpected 0) and the consumer resumes within 10 s', async () => {
  const s = await createScenario('rl_burst');
  scenarios.push(s);
  const consumerBus = s.newBus('consumer');
  const consumer = recordDeliveries(consumerBus);
  await s.startEffectConsumer(consumer.bus, { prefetch: 16 });
  s.startRelay(s.newBus('relay'), { pollIntervalMs: 250 });

  let written = 0;
  const timeline: Record<string, number> = {};
  let outage: Promise<void> | undefined;
  const canary = tick(-1);
  const breakTheBroker = async () => {
    timeline.writtenAtStop = written;
    timeline.appliedAtStop = await s.effectCount();
    await stopBroker();
    timeline.stoppedAt = Date.now();
    await sleep(3000);
    timeline.writtenWhileDown = written - timeline.writtenAtStop;
    timeline.upAt = await startBroker();
    // A canary published straight to the exchange measures when the consumer takes deliveries again.
    await publishDirect(s.exchange, [canary]);
    await eventually(async () => (await s.consumerDb('effects').where({ event_id: canary.id }).first()) !== undefined, 15_000, 50);
    timeline.resumedAfterMs = Date.now() - timeline.upAt;
  };

  const ids = await s.writeEvents(500, {
    perTransaction: 5,
    pauseMs: 60,
    onCommitted: (n) => {
      written = n;
      if (n === 100) outage = breakTheBroker();
    },
  });
  expect(outage).toBeDefined();
  try {
    await outage;
  } finally {
    await ensureBrokerRunning();
  }

  await waitForEffects(s, ids.length + 1, 90_000);
  await sleep(2000); // late redeliveries, if any, would show as duplicates
  const tally = await s.tally([...ids, canary.id]);
  const redelivered = consumer.deliveries.length - new Set(consumer.deliveries.map((d) => d.id)).size;
  report('broker restart during a burst', { ...counts(tally), applied: tally.applied, expected: tally.expected, redeliveriesAbsorbed: redelivered, ...timeline });

  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(501);
  // The outage did fall inside the burst: events were committed while the broker was down.
  expect(timeline.writtenWhileDown).toBeGreaterThan(0);
  expect(timeline.writtenAtStop).toBeLessThan(500);
  expect(timeline.resumedAfterMs).toBeLessThan(10_000);
  expect(consumerBus.connected).toBe(true);
  expect(await s.unpublished()).toBe(0);
  expect(await s.queueDepth()).toBe(0);
}, 120_000);

test('When the broker closes the clients\' connections (as close_all_connections does) twice during a burst, Then every event is applied exactly once (lost 0, duplicated 0, unexpected 0)', async () => {
  const s = await createScenario('rl_kick');
  scenarios.push(s);
  const consumerBus = s.newBus('consumer');
  const consumer = recordDeliveries(consumerBus);
  await s.startEffectConsumer(consumer.bus, { prefetch: 16 });
  const relayBus = s.newBus('relay');
  s.startRelay(relayBus, { pollIntervalMs: 250 });

  let written = 0;
  const writing = s.writeEvents(500, { perTransaction: 5, pauseMs: 40, onCommitted: (n) => void (written = n) });
  // Twice, once both buses are connected: the broker closes this test's connections (named after its
  // namespace; other users of the broker are spared) while events are being committed and relayed.
  const kicks: Array<{ closed: number; written: number }> = [];
  for (const at of [60, 0]) {
    await eventually(() => written >= at && consumerBus.connected && relayBus.connected, 30_000, 20);
    kicks.push({ written, closed: await closeConnectionsNamed(s.namespace, 'reliability test: connection closed by the broker') });
  }
  const ids = await writing;
  await waitForEffects(s, ids.length, 60_000);
  await sleep(2000);
  const tally = await s.tally(ids);
  const redelivered = consumer.deliveries.length - new Set(consumer.deliveries.map((d) => d.id)).size;
  report('connections closed by the broker during a burst', { ...counts(tally), applied: tally.applied, expected: tally.expected, redeliveriesAbsorbed: redelivered, kicks });

  // Each time the relay's connection and the consumer's were closed, in the middle of the burst.
  expect(kicks.map((k) => k.closed)).toEqual([2, 2]);
  expect(kicks[1].written).toBeLessThan(500);
  expect(counts(tally)).toEqual({ lost: 0, duplicated: 0, unexpected: 0 });
  expect(tally.applied).toBe(ids.length);
  expect(consumerBus.connected).toBe(true);
  expect(await s.unpublished()).toBe(0);
}, 120_000);
