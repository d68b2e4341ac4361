import amqp, { type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { CloudEvent } from '@dp/events';
import { parseCloudEvent } from '@dp/events';
import type { Logger } from '@dp/log';
import { countDeadLettered, countRetry } from '@dp/metrics';
import { deadLetterQueue, defaultRetryPolicy, retryQueue, type BroadcastSubscription, type Bus, type ParkedEvent, type Subscription } from './types';
import { declareConsumer, declareDeadLetterQueue, parkedReason } from './queues';
import { migrateOnStart } from './queue-migration';

export interface AmqpBusOptions {
  url: string;
  exchange: string;
  log: Logger;
  /** Shown in the RabbitMQ management UI. */
  connectionName?: string;
  /** How long `publish` waits for a connection before it rejects (the relay retries later). */
  publishWaitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const UNSETTLED = 'the previous delivery was never acknowledged (its consumer stopped or lost its connection while handling it)';

/** How every event goes to the broker: persistent, its id and type as the message's, as a CloudEvent in JSON. */
export const messageOptions = (event: CloudEvent) => ({
  persistent: true,
  messageId: event.id,
  type: event.type,
  contentType: 'application/cloudevents+json',
  timestamp: Math.floor(Date.now() / 1000),
});

/**
 * RabbitMQ transport: one durable topic exchange; per consuming context a queue, a `.retry` queue dead-lettering
 * back to it (backoff, docs/adr/0005) and a `.dlq`, all quorum, classic ones migrated first (docs/adr/0050). It
 * reconnects forever with capped backoff and re-declares its topology and consumers, so a broker restart never
 * stops a process; a redelivery counts as a failed attempt (docs/adr/0016), so an event that crashes its consumer
 * is parked, not looped forever. Design: docs/design/quorum-queues-and-classic-queue-migration.md.
 */
export class AmqpBus implements Bus {
  private connection?: ChannelModel;
  private publisher?: ConfirmChannel;
  private readonly subscriptions: Subscription[] = [];
  private readonly broadcasts: BroadcastSubscription[] = [];
  /** Whether the broadcasts' queues are bound on the current connection (told to them on each change). */
  private broadcastsListening = false;
  private closing = false;
  private waiters: Array<() => void> = [];
  private readonly loop: Promise<void>;

  constructor(private readonly opts: AmqpBusOptions) {
    this.loop = this.run();
  }

  get connected(): boolean {
    return !!this.publisher;
  }

  /** Resolves once connected (or after `timeoutMs`, returning false). */
  async waitUntilConnected(timeoutMs: number): Promise<boolean> {
    if (this.publisher) return true;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  async publish(events: CloudEvent[]): Promise<void> {
    if (events.length === 0) return;
    if (!(await this.waitUntilConnected(this.opts.publishWaitMs ?? 2000))) throw new Error('message broker is not reachable');
    const channel = this.publisher!;
    for (const event of events) channel.publish(this.opts.exchange, event.type, Buffer.from(JSON.stringify(event)), messageOptions(event));
    await channel.waitForConfirms();
  }

  /** Resolves once the queue is declared, bound and consumed; while the broker is unreachable, it waits for it. */
  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
    const connection = this.connection;
    if (connection) {
      try {
        return await this.setUpSubscription(connection, subscription);
      } catch (err) {
        // E.g. its classic queues cannot be migrated yet (docs/adr/0050): as after a lost connection, the run
        // loop sets everything up again on the next one, this subscription included; rejecting would stop a worker.
        this.opts.log.warn({ queue: subscription.queue, err: (err as Error).message }, 'could not set the subscription up; reconnecting to try again');
        await connection.close().catch(() => undefined);
      }
    }
    // Not connected yet: the run loop sets the subscription up before it reports being connected, so once
    // connected the queue is bound. Resolving earlier would let events published meanwhile go unrouted.
    while (!this.closing) {
      // The connection the set-up failed on is still being torn down: its "connected" is not the next one's.
      if (connection && this.connection === connection) await sleep(50);
      else if (await this.waitUntilConnected(5000)) return;
      else this.opts.log.warn({ queue: subscription.queue }, 'message broker not reachable yet; waiting to bind the queue');
    }
  }

  async broadcast(subscription: BroadcastSubscription): Promise<void> {
    this.broadcasts.push(subscription);
    if (this.connection) {
      await this.setUpBroadcast(this.connection, subscription);
      subscription.onListening?.(true);
      return;
    }
    // As subscribe: the run loop sets it up (and tells it) before it reports being connected.
    while (!this.closing && !(await this.waitUntilConnected(5000))) {
      this.opts.log.warn('message broker not reachable yet; waiting to bind a broadcast queue');
    }
  }

  async drainDeadLetters(queue: string): Promise<ParkedEvent[]> {
    if (!(await this.waitUntilConnected(5000))) throw new Error('message broker is not reachable');
    const channel = await this.connection!.createChannel();
    channel.on('error', () => undefined);
    try {
      await declareDeadLetterQueue(channel, queue);
      const parked: ParkedEvent[] = [];
      for (;;) {
        const msg = await channel.get(deadLetterQueue(queue), { noAck: false });
        if (!msg) break;
        parked.push({ event: JSON.parse(msg.content.toString()), ...parkedReason(msg.properties.headers ?? {}) });
        channel.ack(msg);
      }
      return parked;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  /** A passive declare on a channel of its own: a missing queue closes that channel, never the consumers'. */
  async deadLetterDepth(queue: string): Promise<number> {
    if (!this.connection) throw new Error('message broker is not reachable');
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      return (await channel.checkQueue(deadLetterQueue(queue))).messageCount;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.connection?.close().catch(() => undefined);
    await this.loop;
  }

  private async run(): Promise<void> {
    let delay = 200;
    while (!this.closing) {
      let connection: ChannelModel | undefined;
      try {
        connection = await amqp.connect(this.opts.url, { clientProperties: { connection_name: this.opts.connectionName ?? 'docs-platform' } });
        const lost = new Promise<void>((resolve) => connection!.once('close', () => resolve()));
        connection.on('error', (err: Error) => this.opts.log.warn({ err: err.message }, 'broker connection error'));
        const publisher = await connection.createConfirmChannel();
        this.closeConnectionWhenChannelCloses(connection, publisher);
        await publisher.assertExchange(this.opts.exchange, 'topic', { durable: true });
        // Iterates live: a subscription added meanwhile is set up here too, and only here.
        for (const sub of this.subscriptions) await this.setUpSubscription(connection, sub);
        for (const sub of this.broadcasts) await this.setUpBroadcast(connection, sub);
        this.connection = connection;
        this.publisher = publisher;
        this.setBroadcastsListening(true);
        this.opts.log.info({ exchange: this.opts.exchange }, 'connected to message broker');
        delay = 200;
        this.waiters.splice(0).forEach((w) => w());
        // close() called while this connection was being set up did not see it: close it here.
        if (this.closing) await connection.close().catch(() => undefined);
        await lost;
        if (!this.closing) this.opts.log.warn('message broker connection lost; reconnecting');
      } catch (err) {
        if (!this.closing) this.opts.log.warn({ err: (err as Error).message, retryInMs: delay }, 'message broker unreachable; retrying');
        await connection?.close().catch(() => undefined);
      } finally {
        this.connection = undefined;
        this.publisher = undefined;
        // From now until the next connection's queues are bound, broadcast events are missed.
        this.setBroadcastsListening(false);
      }
      if (this.closing) break;
      await sleep(delay);
      delay = Math.min(delay * 2, 3000);
    }
  }

  /** A channel closed by the broker (not by us) takes the connection down so that everything is set up anew. */
  private closeConnectionWhenChannelCloses(connection: ChannelModel, channel: ConfirmChannel): void {
    channel.on('error', (err: Error) => this.opts.log.warn({ err: err.message }, 'broker channel error'));
    channel.on('close', () => {
      if (!this.closing && this.connection === connection) connection.close().catch(() => undefined);
    });
  }

  private async setUpSubscription(connection: ChannelModel, sub: Subscription): Promise<void> {
    await migrateOnStart({ connection, exchange: this.opts.exchange, queue: sub.queue, bindings: sub.bindings, log: this.opts.log });
    const channel = await connection.createConfirmChannel();
    this.closeConnectionWhenChannelCloses(connection, channel);
    await channel.prefetch(sub.prefetch ?? 16);
    await declareConsumer(channel, this.opts.exchange, sub.queue, sub.bindings);
    await channel.consume(sub.queue, (msg) => {
      if (msg) void this.onMessage(channel, sub, msg);
      else {
        // The broker cancelled the consumer (e.g. the queue was deleted): reconnect, which re-declares it.
        this.opts.log.warn({ queue: sub.queue }, 'consumer cancelled by the broker; reconnecting');
        connection.close().catch(() => undefined);
      }
    });
  }

  private setBroadcastsListening(listening: boolean): void {
    if (this.broadcastsListening === listening) return;
    this.broadcastsListening = listening;
    for (const sub of this.broadcasts) sub.onListening?.(listening);
  }

  /**
   * A server-named queue of this connection alone (exclusive, auto-delete: it goes with the connection), bound
   * to the subscription's types, consumed without acknowledgements: its handlers are idempotent evictions, and
   * what a lost connection drops is reported through onListening instead of redelivered.
   */
  private async setUpBroadcast(connection: ChannelModel, sub: BroadcastSubscription): Promise<void> {
    const channel = await connection.createChannel();
    channel.on('error', (err: Error) => this.opts.log.warn({ err: err.message }, 'broker broadcast channel error'));
    channel.on('close', () => {
      if (!this.closing && this.connection === connection) connection.close().catch(() => undefined);
    });
    // Classic, not quorum (docs/adr/0050): a quorum queue cannot be exclusive or auto-delete, and this one is
    // meant to live and die with its connection; nothing in it needs to survive (see above).
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    for (const binding of sub.bindings) await channel.bindQueue(queue, this.opts.exchange, binding);
    await channel.consume(
      queue,
      (msg) => {
        if (!msg) {
          connection.close().catch(() => undefined);
          return;
        }
        const event = parseCloudEvent(msg.content);
        if (!event) return this.opts.log.warn({ queue }, 'broadcast message is not a CloudEvents envelope; dropped');
        Promise.resolve()
          .then(() => sub.handle(event))
          .catch((err: unknown) => this.opts.log.warn({ eventId: event.id, type: event.type, err: err instanceof Error ? err.message : String(err) }, 'broadcast handler failed; dropped'));
      },
      { noAck: true },
    );
  }

  private async onMessage(channel: ConfirmChannel, sub: Subscription, msg: ConsumeMessage): Promise<void> {
    const headers = msg.properties.headers ?? {};
    const attempt = Number(headers['x-attempt'] ?? 1);
    // Not JSON or not an envelope: parked below.
    const event = parseCloudEvent(msg.content);
    try {
      if (!event) {
        await this.park(channel, sub.queue, msg, 'message is not a CloudEvents 1.0 JSON envelope', attempt);
      } else if (msg.fields.redelivered) {
        // Delivered before and never settled: the consumer stopped, or lost its connection, while handling
        // it. That counts as a failed attempt, written into the message (retry queue) before anything runs it
        // again, so an event that kills its consumer every time ends in the dead-letter queue instead of
        // crashing consumers forever. An attempt that had in fact committed is absorbed by the inbox.
        await this.retryOrPark(channel, sub, msg, event, attempt, UNSETTLED);
      } else {
        try {
          await sub.handle(event, { attempt });
        } catch (err) {
          await this.retryOrPark(channel, sub, msg, event, attempt, err instanceof Error ? err.message : String(err));
        }
      }
      channel.ack(msg);
    } catch (err) {
      // The channel went away mid-way: the delivery stays unacknowledged and the broker redelivers it.
      this.opts.log.warn({ err: (err as Error).message, queue: sub.queue }, 'could not settle delivery; it will be redelivered');
    }
  }

  /** After a failed attempt: the retry queue (with backoff) while attempts remain, else the dead-letter queue. */
  private async retryOrPark(channel: ConfirmChannel, sub: Subscription, msg: ConsumeMessage, event: CloudEvent, attempt: number, error: string): Promise<void> {
    const retry = sub.retry ?? defaultRetryPolicy;
    const headers = msg.properties.headers ?? {};
    const log = { eventId: event.id, type: event.type, queue: sub.queue, attempt, err: error };
    if (attempt < retry.maxAttempts) {
      this.opts.log.warn(log, 'handler failed; will retry');
      countRetry(sub.queue);
      channel.sendToQueue(retryQueue(sub.queue), msg.content, {
        ...msg.properties,
        persistent: true,
        expiration: String(retry.backoffMs(attempt)),
        headers: { ...headers, 'x-attempt': attempt + 1, 'x-last-error': error.slice(0, 1000) },
      });
      await channel.waitForConfirms();
    } else {
      this.opts.log.error(log, 'handler failed; parked in dead-letter queue');
      await this.park(channel, sub.queue, msg, error, attempt);
    }
  }

  private async park(channel: ConfirmChannel, queue: string, msg: ConsumeMessage, error: string, attempts: number): Promise<void> {
    channel.sendToQueue(deadLetterQueue(queue), msg.content, {
      ...msg.properties,
      persistent: true,
      expiration: undefined,
      headers: { ...(msg.properties.headers ?? {}), 'x-error': error.slice(0, 2000), 'x-attempts': attempts, 'x-failed-at': new Date().toISOString() },
    });
    await channel.waitForConfirms();
    countDeadLettered(queue);
  }
}
