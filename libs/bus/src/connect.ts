import amqp from 'amqplib';
import type { Logger } from '@dp/log';
import { AmqpBus } from './amqp-bus';
import { InProcessBus } from './memory-bus';
import type { Bus } from './types';

/** True when a RabbitMQ broker accepts a connection at `url` within `timeoutMs`. */
export async function brokerAnswers(url: string, timeoutMs = 1500): Promise<boolean> {
  return (await brokerConnectError(url, timeoutMs)) === undefined;
}

/** Why a broker at `url` refuses a connection (amqplib's error, for the caller to explain), or undefined when it accepts one. */
export async function brokerConnectError(url: string, timeoutMs = 1500): Promise<unknown> {
  try {
    const conn = await amqp.connect(url, { timeout: timeoutMs });
    conn.on('error', () => undefined);
    await conn.close();
    return undefined;
  } catch (err) {
    return err;
  }
}

export function createBus(opts: { url?: string; exchange: string; log: Logger; connectionName?: string }): Bus {
  if (!opts.url || opts.url === 'memory:') return new InProcessBus(opts.log);
  return new AmqpBus({ url: opts.url, exchange: opts.exchange, log: opts.log, connectionName: opts.connectionName });
}
