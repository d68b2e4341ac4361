import type { Channel } from 'amqplib';
import { deadLetterQueue, retryQueue } from './types';

/**
 * How many times the broker hands out one message before it dead-letters it to the `.dlq` (a second guard,
 * ADR 0050): the bus already moves a redelivered message to the retry queue (ADR 0016), so the broker's
 * count only runs out when the bus cannot even do that (it dies on the message before settling it), or after
 * that many connection losses with the message unsettled.
 */
export const DELIVERY_LIMIT = 20;

/** One queue of a consuming context's family, as the bus declares it. */
export interface QueueSpec {
  name: string;
  /** The quorum declaration (ADR 0050). Any other declaration of the same name fails with 406. */
  arguments: Record<string, unknown>;
  /** How the bus declared it before ADR 0050 (classic): what the migration recognises and moves out of. */
  classicArguments: Record<string, unknown>;
  /** Whether it is bound to the exchange (the consuming queue only). */
  bound: boolean;
}

/**
 * At-least-once dead-lettering: a message leaves the source queue only once the target has confirmed it
 * (with the default, at-most-once, a message whose target is missing or down is dropped). RabbitMQ accepts
 * it only together with `x-overflow: reject-publish`; no queue here has a length limit, so nothing is rejected.
 */
const deadLetterTo = (queue: string) => ({
  'x-dead-letter-exchange': '',
  'x-dead-letter-routing-key': queue,
  'x-dead-letter-strategy': 'at-least-once',
  'x-overflow': 'reject-publish',
});

/** No delivery limit: reading it for an operator hands messages back (a redelivery each time). */
const deadLetterSpec = (queue: string): QueueSpec => ({ name: deadLetterQueue(queue), arguments: { 'x-queue-type': 'quorum' }, classicArguments: {}, bound: false });

/**
 * A consuming context's queues, dead-letter queue first: the migration moves them in this order, so that the
 * retry queue is quorum (dead-lettering at least once, retried until the target exists) before the consuming
 * queue it dead-letters into is deleted and declared again.
 */
export function contextQueues(queue: string): QueueSpec[] {
  return [
    deadLetterSpec(queue),
    {
      name: retryQueue(queue),
      // Per-message expiration (the backoff) on a quorum queue: RabbitMQ 3.10 and later.
      arguments: { 'x-queue-type': 'quorum', ...deadLetterTo(queue) },
      classicArguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
      bound: false,
    },
    {
      name: queue,
      arguments: { 'x-queue-type': 'quorum', 'x-delivery-limit': DELIVERY_LIMIT, ...deadLetterTo(deadLetterQueue(queue)) },
      classicArguments: {},
      bound: true,
    },
  ];
}

/** Declares a queue of the family as quorum (durable; quorum queues cannot be exclusive or auto-delete). */
export async function declareQueue(channel: Channel, spec: QueueSpec): Promise<void> {
  await channel.assertQueue(spec.name, { durable: true, arguments: spec.arguments });
}

/** Declares the whole family; fails with 406 (and the broker closes the channel) where one exists as classic. */
export async function declareContextQueues(channel: Channel, queue: string): Promise<void> {
  for (const spec of contextQueues(queue)) await declareQueue(channel, spec);
}

/** A consuming context's queue family, bound to its event types on the exchange: what its worker declares at start. */
export async function declareConsumer(channel: Channel, exchange: string, queue: string, bindings: string[]): Promise<void> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await declareContextQueues(channel, queue);
  for (const binding of bindings) await channel.bindQueue(queue, exchange, binding);
}

/** Why a parked message is there: the consumer's error header, or the broker's reason when it dead-lettered it. */
export function parkedReason(headers: Record<string, unknown>): { error: string; attempts: number } {
  if (headers['x-error'] !== undefined) return { error: String(headers['x-error']), attempts: Number(headers['x-attempts'] ?? 0) };
  const reason = headers['x-first-death-reason'];
  if (reason === 'delivery_limit') {
    return { error: `delivered ${DELIVERY_LIMIT + 1} times without being settled: dead-lettered by the broker (x-delivery-limit)`, attempts: DELIVERY_LIMIT + 1 };
  }
  return { error: reason ? `dead-lettered by the broker (${String(reason)})` : '', attempts: 0 };
}

/** Declares the context's dead-letter queue alone (to read it). */
export async function declareDeadLetterQueue(channel: Channel, queue: string): Promise<void> {
  await declareQueue(channel, deadLetterSpec(queue));
}
