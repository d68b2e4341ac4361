import type { CloudEvent } from '@dp/events';
import type { Logger } from '@dp/log';
import { countDeadLettered, countRetry } from '@dp/metrics';
import { topicMatches } from './topic';
import { defaultRetryPolicy, type BroadcastSubscription, type Bus, type ParkedEvent, type Subscription } from './types';

/**
 * In-process transport for the embedded default (`npm start` without a broker). Same semantics as the AMQP
 * one: topic routing to per-context queues, at-least-once delivery, bounded retries with backoff, then a
 * dead-letter list. Nothing survives a restart, which the outbox covers: unpublished rows stay in the outbox.
 */
export class InProcessBus implements Bus {
  private readonly subscriptions: Subscription[] = [];
  private readonly broadcasts: BroadcastSubscription[] = [];
  private readonly parked = new Map<string, ParkedEvent[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly log?: Logger) {}

  async publish(events: CloudEvent[]): Promise<void> {
    if (this.closed) throw new Error('bus is closed');
    for (const event of events) {
      // Deliver a copy, as a broker would: consumers never share the publisher's object.
      const wire = JSON.stringify(event);
      for (const sub of this.subscriptions) {
        if (sub.bindings.some((b) => topicMatches(b, event.type))) this.schedule(sub, JSON.parse(wire), 1, 0);
      }
      for (const sub of this.broadcasts) {
        if (sub.bindings.some((b) => topicMatches(b, event.type))) this.hear(sub, JSON.parse(wire));
      }
    }
  }

  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
  }

  /** One process: every broadcast subscription hears the event once; it never loses the connection. */
  async broadcast(subscription: BroadcastSubscription): Promise<void> {
    this.broadcasts.push(subscription);
    subscription.onListening?.(true);
  }

  async drainDeadLetters(queue: string): Promise<ParkedEvent[]> {
    const list = this.parked.get(queue) ?? [];
    this.parked.set(queue, []);
    return list;
  }

  async deadLetterDepth(queue: string): Promise<number> {
    return this.parked.get(queue)?.length ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(sub: Subscription, event: CloudEvent, attempt: number, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) void this.deliver(sub, event, attempt);
    }, delayMs);
    this.timers.add(timer);
  }

  private hear(sub: BroadcastSubscription, event: CloudEvent): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      Promise.resolve()
        .then(() => sub.handle(event))
        .catch((err: unknown) => this.log?.warn({ eventId: event.id, type: event.type, err: err instanceof Error ? err.message : String(err) }, 'broadcast handler failed; dropped'));
    }, 0);
    this.timers.add(timer);
  }

  private async deliver(sub: Subscription, event: CloudEvent, attempt: number): Promise<void> {
    const retry = sub.retry ?? defaultRetryPolicy;
    try {
      await sub.handle(event, { attempt });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (attempt < retry.maxAttempts) {
        this.log?.warn({ eventId: event.id, type: event.type, queue: sub.queue, attempt, err: error }, 'handler failed; will retry');
        countRetry(sub.queue);
        this.schedule(sub, event, attempt + 1, retry.backoffMs(attempt));
      } else {
        this.log?.error({ eventId: event.id, type: event.type, queue: sub.queue, attempt, err: error }, 'handler failed; parked in dead-letter queue');
        countDeadLettered(sub.queue);
        const list = this.parked.get(sub.queue) ?? [];
        list.push({ event, error, attempts: attempt });
        this.parked.set(sub.queue, list);
      }
    }
  }
}
