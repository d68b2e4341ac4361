import sweepSetup from '../support/global-setup';
import { exportNode, startNode } from '@dp/testing';

/**
 * The broker-failure run (jest.reliability.config.js): this run's id and the sweep of dead runs' leftovers, as in the main run,
 * then the reliability tests' own RabbitMQ node (docs/adr/0028); the test files find it in the environment.
 */
export default async function globalSetup(): Promise<void> {
  await sweepSetup();
  exportNode(await startNode());
}
