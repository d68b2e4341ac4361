import { exportNode, startNode } from './rabbitmq-node';

/** Starts the reliability run's own RabbitMQ node (docs/adr/0028); the test files find it in the environment. */
export default async function globalSetup(): Promise<void> {
  exportNode(await startNode());
}
