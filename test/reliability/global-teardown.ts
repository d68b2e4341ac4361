import sweepTeardown from '../support/global-teardown';
import { nodeFromEnv, removeNode } from '@dp/testing';

/** Stops the reliability run's RabbitMQ node and removes its data, whatever the tests did to it; then sweeps this run's resources. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.RELIABILITY_RABBITMQ_NODE) await removeNode(nodeFromEnv());
  await sweepTeardown();
}
