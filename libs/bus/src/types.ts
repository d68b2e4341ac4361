import type { CloudEvent } from '@dp/events';

export interface Delivery {
  /** 1 on first delivery, then 2, 3... after each failed attempt. */
  attempt: number;
}

export type DeliveryHandler = (event: CloudEvent, delivery: Delivery) => Promise<void>;

export interface RetryPolicy {
  /** Attempts in all, the first included; after the last failure the event is parked in `<queue>.dlq`. */
  maxAttempts: number;
  /** Delay before attempt `n + 1` after attempt `n` failed. */
  backoffMs(attempt: number): number;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  backoffMs: (attempt) => Math.min(30_000, 500 * 2 ** (attempt - 1)),
};

export interface Subscription {
  /** Durable queue, named after the consuming context. */
  queue: string;
  /** Event types (AMQP topic patterns) routed to the queue. */
  bindings: string[];
  handle: DeliveryHandler;
  retry?: RetryPolicy;
  /** Deliveries handled at once. */
  prefetch?: number;
}

/**
 * Every process hears every matching event (e.g. each gateway replica evicting its principal cache): an
 * exclusive, auto-delete, server-named queue per process and connection, no inbox, no retries. Events
 * published while the connection is down are missed: `onListening(false)` says so, so that state built
 * from the events (a cache) can be dropped; `onListening(true)` once the queue is bound again.
 */
export interface BroadcastSubscription {
  /** Event types (AMQP topic patterns) this process hears. */
  bindings: string[];
  /** Must be idempotent: an event may come twice; one that throws is logged and dropped. */
  handle(event: CloudEvent): void | Promise<void>;
  onListening?(listening: boolean): void;
}

export interface ParkedEvent {
  event: CloudEvent;
  error: string;
  attempts: number;
}

/** What services need of a message bus; the AMQP and in-process transports share these semantics. */
export interface Bus {
  /** Resolves once the broker has confirmed every event (publisher confirms); rejects otherwise. */
  publish(events: CloudEvent[]): Promise<void>;
  /** Declares the queue, its retry and dead-letter queues and bindings, then consumes; survives reconnects. */
  subscribe(subscription: Subscription): Promise<void>;
  /** Hears matching events in this process alone; resolves once listening (see BroadcastSubscription). */
  broadcast(subscription: BroadcastSubscription): Promise<void>;
  /** Reads (and removes) what was parked in a queue's dead-letter queue. */
  drainDeadLetters(queue: string): Promise<ParkedEvent[]>;
  /** How many events are parked in a queue's dead-letter queue (the `dp_dlq_depth` gauge); rejects while disconnected. */
  deadLetterDepth(queue: string): Promise<number>;
  close(): Promise<void>;
}

export function retryQueue(queue: string) {
  return `${queue}.retry`;
}
export function deadLetterQueue(queue: string) {
  return `${queue}.dlq`;
}
