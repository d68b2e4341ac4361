import amqp, { type Channel, type ChannelModel, type GetMessage } from 'amqplib';
import { parseCloudEvent, type CloudEvent } from '@dp/events';
import { parkedReason } from './queues';
import { deadLetterQueue } from './types';

/** An event parked in a queue's dead-letter queue, as an operator sees it. */
export interface DeadLetter {
  /** The event's id (the message id when the body is not an event). */
  id: string;
  type: string;
  /** Absent when what was parked is not a CloudEvents envelope. */
  event?: CloudEvent;
  error: string;
  attempts: number;
  /** When it was parked (ISO 8601), if the consumer recorded it. */
  failedAt: string | null;
}

/** A queue the broker does not have (no consumer ever declared it under this name). */
export class MissingQueueError extends Error {
  override name = 'MissingQueueError';
  constructor(public readonly queue: string) {
    super(`queue ${queue} does not exist on the broker`);
  }
}

/**
 * Headers the consumer writes while retrying and parking, and the count a quorum queue adds to what it hands
 * out again (listing the dead-letter queue does): a replayed event starts again without them.
 */
const FAILURE_HEADERS = ['x-attempt', 'x-last-error', 'x-error', 'x-attempts', 'x-failed-at', 'x-delivery-count'];

/**
 * Reading and replaying dead-letter queues for operators (the admin CLI), on a connection of its own.
 * AMQP has no way to browse a queue: messages are taken without acknowledgement and handed back when
 * done, so listing leaves the queue as it was. A replayed event is acknowledged (removed from the
 * dead-letter queue) only once the broker has confirmed its copy on the consuming queue: a crash in
 * between leaves it in both, which the consumer's inbox absorbs, and never in neither.
 */
export class DeadLetterQueues {
  private constructor(private readonly connection: ChannelModel) {}

  /** Rejects with the broker's error (refused, unknown host, bad credentials) when it cannot connect. */
  static async connect(url: string, timeoutMs = 5000): Promise<DeadLetterQueues> {
    const connection = await amqp.connect(url, { timeout: timeoutMs, clientProperties: { connection_name: 'docs-platform-admin' } });
    connection.on('error', () => undefined);
    return new DeadLetterQueues(connection);
  }

  /** What `queue`'s dead-letter queue holds, oldest first; null when the broker has no such queue. */
  async list(queue: string): Promise<DeadLetter[] | null> {
    return this.withChannel(async (channel) => {
      if (!(await this.exists(deadLetterQueue(queue)))) return null;
      const messages = await takeAll(channel, deadLetterQueue(queue));
      channel.nackAll(true);
      return messages.map(describe);
    });
  }

  /**
   * Sends the parked events `which` picks back to `queue`, with their attempts reset, and removes them from
   * the dead-letter queue once the broker has confirmed them; the others stay parked, in their order.
   * Returns the replayed ones.
   */
  async replay(queue: string, which: (letter: DeadLetter) => boolean): Promise<DeadLetter[]> {
    // Sent to a missing queue through the default exchange, an event would be dropped as unroutable.
    if (!(await this.exists(queue))) throw new MissingQueueError(queue);
    if (!(await this.exists(deadLetterQueue(queue)))) throw new MissingQueueError(deadLetterQueue(queue));
    const channel = await this.connection.createConfirmChannel();
    channel.on('error', () => undefined);
    const returned = new Set<string>();
    channel.on('return', (msg: GetMessage) => returned.add(String(msg.properties.messageId)));
    try {
      const chosen = (await takeAll(channel, deadLetterQueue(queue))).map((msg) => ({ msg, letter: describe(msg) })).filter(({ letter }) => which(letter));
      for (const { msg, letter } of chosen) {
        const headers = { ...(msg.properties.headers ?? {}) };
        for (const name of FAILURE_HEADERS) delete headers[name];
        channel.sendToQueue(queue, msg.content, { ...msg.properties, messageId: letter.id, persistent: true, expiration: undefined, mandatory: true, headers: { ...headers, 'x-replayed-at': new Date().toISOString() } });
      }
      await channel.waitForConfirms();
      const replayed = chosen.filter(({ letter }) => !returned.has(letter.id));
      for (const { msg } of replayed) channel.ack(msg);
      channel.nackAll(true);
      if (returned.size) throw new Error(`the broker could not route ${returned.size} event(s) to ${queue}; they stay in ${deadLetterQueue(queue)}`);
      return replayed.map(({ letter }) => letter);
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await this.connection.close().catch(() => undefined);
  }

  /** A passive declare, on a channel of its own: the broker closes the channel it fails on. */
  private async exists(queue: string): Promise<boolean> {
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      await channel.checkQueue(queue);
      return true;
    } catch {
      return false;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  private async withChannel<T>(use: (channel: Channel) => Promise<T>): Promise<T> {
    const channel = await this.connection.createChannel();
    channel.on('error', () => undefined);
    try {
      return await use(channel);
    } finally {
      // Closing hands back whatever is still unacknowledged.
      await channel.close().catch(() => undefined);
    }
  }
}

/** Takes every message of `queue` without acknowledging it: each stays the channel's until acked or handed back. */
async function takeAll(channel: Channel, queue: string): Promise<GetMessage[]> {
  const messages: GetMessage[] = [];
  for (;;) {
    const msg = await channel.get(queue, { noAck: false });
    if (!msg) return messages;
    messages.push(msg);
  }
}

function describe(msg: GetMessage): DeadLetter {
  const headers = msg.properties.headers ?? {};
  // Not JSON or not an envelope: listed by its message id.
  const event = parseCloudEvent(msg.content);
  return {
    id: event?.id ?? String(msg.properties.messageId ?? ''),
    type: event?.type ?? String(msg.properties.type ?? ''),
    event,
    // Parked by the consumer after its last attempt, or dead-lettered by the broker (docs/adr/0050).
    ...parkedReason(headers),
    failedAt: parkedAt(headers),
  };
}

/** When the consumer parked it, or else when the broker dead-lettered it (its first `x-death`, in seconds). */
function parkedAt(headers: Record<string, unknown>): string | null {
  if (typeof headers['x-failed-at'] === 'string') return headers['x-failed-at'];
  const deaths = headers['x-death'];
  const time: unknown = Array.isArray(deaths) ? (deaths[0] as { time?: unknown } | undefined)?.time : undefined;
  return typeof time === 'number' ? new Date(time * 1000).toISOString() : null;
}
