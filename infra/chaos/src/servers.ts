import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePortBlock, startEmbeddedPostgres } from '@dp/local';
import { bootNode, killNode, removeNode, startNode, type RabbitNode } from '@dp/testing';

/**
 * The chaos run's own servers (never the machine's shared 5432 and 5672, which it SIGKILLs and restarts): a
 * PostgreSQL cluster in a temporary directory and a RabbitMQ node with its own data, both on free local ports,
 * both removed when the run ends.
 */
export interface ChaosServers {
  databaseUrl: string;
  amqpUrl: string;
  /** SIGKILL of the broker's Erlang VM, then a boot on its data; resolves once it answers again. */
  killAndRebootBroker(): Promise<void>;
  /** A fast shutdown of PostgreSQL (every connection cut), then a start on its data. */
  restartPostgres(): Promise<void>;
  close(): Promise<void>;
}

export async function startChaosServers(): Promise<ChaosServers> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dp-chaos-pg-'));
  const [port] = await freePortBlock(25_400 + Math.floor(Math.random() * 500) * 2, 1);
  let postgres = await startEmbeddedPostgres(port, dataDir);
  let node: RabbitNode | undefined;
  try {
    node = await startNode();
  } catch (err) {
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const broker = node;
  return {
    databaseUrl: postgres.url,
    amqpUrl: broker.amqpUrl,
    async killAndRebootBroker() {
      await killNode(broker);
      await bootNode(broker);
    },
    async restartPostgres() {
      await postgres.stop();
      postgres = await startEmbeddedPostgres(port, dataDir);
    },
    async close() {
      await removeNode(broker).catch(() => undefined);
      await postgres.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
