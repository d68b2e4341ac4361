import type { Channel, ChannelModel, ConfirmChannel, GetMessage } from 'amqplib';
import type { Logger } from '@dp/log';
import { contextQueues, declareQueue, type QueueSpec } from './queues';

/**
 * Moves a deployment's classic queues to quorum queues without losing a message (ADR 0050). A queue's type
 * cannot change in place (declaring it with other arguments fails with 406 and closes the channel), so each
 * classic queue of a context is emptied into a temporary quorum queue `<name>.migrating`, deleted, declared
 * again as quorum, and filled back. Every step is decided from what exists on the broker, so a run that
 * stopped anywhere (a crash, a lost connection) is finished by the next one. Plain AMQP only: no management
 * API, which a broker need not run.
 */

export type QueueState = 'absent' | 'classic' | 'quorum';

/** What the migration refuses to do, or could not: the message says what to do about it. */
export class QueueMigrationError extends Error {
  override name = 'QueueMigrationError';
}

export interface QueueMigrationResult {
  queue: string;
  /** What the queue was before this run ('migrating' when an earlier run had stopped half-way). */
  before: QueueState | 'migrating';
  /** Messages this run put into the quorum queue from the classic one (through the temporary). */
  moved: number;
}

export interface MigrationOptions {
  connection: ChannelModel;
  exchange: string;
  /** The context's consuming queue (`<QUEUE_PREFIX><context>`); its `.retry` and `.dlq` go with it. */
  queue: string;
  /** The routing keys the consuming queue is bound with (the event types its handlers take). */
  bindings: string[];
}

/** Where a queue's messages wait while it is declared again as quorum. */
export const temporaryQueue = (name: string) => `${name}.migrating`;
const temporary = (spec: QueueSpec): QueueSpec => ({ ...spec, name: temporaryQueue(spec.name) });
const MOVE_BATCH = 200;

/** Runs `use` on a channel of its own: a failed declare or delete closes the channel it happens on. */
async function onChannel<T>(connection: ChannelModel, use: (channel: Channel) => Promise<T>): Promise<T> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    return await use(channel);
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/** Resolves with the result of `attempt`, or `undefined` when the broker refused it (closing that channel). */
const refusedAs = <T>(connection: ChannelModel, attempt: (channel: Channel) => Promise<T>) =>
  onChannel(connection, attempt).catch((err: unknown) => ({ refused: err instanceof Error ? err.message : String(err) }));

/** Consumers of the queue, or null when it does not exist. */
async function consumersOf(connection: ChannelModel, name: string): Promise<number | null> {
  const checked = await refusedAs(connection, (ch) => ch.checkQueue(name));
  return 'refused' in checked ? null : checked.consumerCount;
}

/**
 * Which declaration the existing queue matches: the quorum one (ADR 0050) or the classic one the bus made
 * before. AMQP cannot read a queue's type, but the broker compares a declaration with the queue's and
 * refuses any difference; each probe runs on a throwaway channel.
 */
export async function queueState(connection: ChannelModel, spec: QueueSpec): Promise<QueueState> {
  if ((await consumersOf(connection, spec.name)) === null) return 'absent';
  const asQuorum = await refusedAs(connection, (ch) => declareQueue(ch, spec));
  if (!(asQuorum && 'refused' in asQuorum)) return 'quorum';
  const asClassic = await refusedAs(connection, (ch) => ch.assertQueue(spec.name, { durable: true, arguments: { ...spec.classicArguments, 'x-queue-type': 'classic' } }));
  if (!('refused' in asClassic)) return 'classic';
  throw new QueueMigrationError(
    `queue ${spec.name} exists with arguments the bus never declared (not as quorum: ${asQuorum.refused}; not as classic: ${asClassic.refused}); move its messages and delete it by hand`,
  );
}

/** Each queue of the context as it is now; 'migrating' when an earlier run left its temporary behind. */
export async function contextQueueStates(connection: ChannelModel, queue: string): Promise<Array<{ queue: string; state: QueueState | 'migrating' }>> {
  const states: Array<{ queue: string; state: QueueState | 'migrating' }> = [];
  for (const spec of contextQueues(queue)) {
    const migrating = (await consumersOf(connection, temporary(spec).name)) !== null;
    states.push({ queue: spec.name, state: migrating ? 'migrating' : await queueState(connection, spec) });
  }
  return states;
}

/** Whether anything of the context is left to migrate: a classic queue, or a temporary an earlier run left. */
export async function needsMigration(connection: ChannelModel, queue: string): Promise<boolean> {
  return (await contextQueueStates(connection, queue)).some(({ state }) => state === 'classic' || state === 'migrating');
}

/**
 * Migrates the context's queues (dead-letter, retry, then consuming queue) under a lock: an exclusive queue
 * `<queue>.migration-lock`, which the broker removes with the connection that holds it, so a crashed
 * migrator never leaves it held. Another process holding it fails this run (the caller tries again later).
 */
export async function migrateQueues(opts: MigrationOptions): Promise<QueueMigrationResult[]> {
  const lockName = `${opts.queue}.migration-lock`;
  const lock = await opts.connection.createChannel();
  lock.on('error', () => undefined);
  try {
    await lock.assertQueue(lockName, { exclusive: true, autoDelete: true, durable: false });
  } catch {
    await lock.close().catch(() => undefined);
    throw new QueueMigrationError(`another process is migrating the queues of ${opts.queue} (it holds ${lockName}); try again when it is done`);
  }
  try {
    // Refused before anything moves: the version before still runs, and would declare its classic queues again.
    const consuming = contextQueues(opts.queue).filter((spec) => spec.bound);
    for (const spec of consuming) if ((await queueState(opts.connection, spec)) === 'classic') await assertUnconsumed(opts.connection, spec.name);
    const results: QueueMigrationResult[] = [];
    for (const spec of contextQueues(opts.queue)) results.push(await migrateQueue(opts, spec, spec.bound ? opts.bindings : []));
    return results;
  } finally {
    await lock.deleteQueue(lockName).catch(() => undefined);
    await lock.close().catch(() => undefined);
  }
}

async function migrateQueue({ connection, exchange }: MigrationOptions, spec: QueueSpec, bindings: string[]): Promise<QueueMigrationResult> {
  const temp = temporary(spec);
  const state = await queueState(connection, spec);
  let tempExists = (await consumersOf(connection, temp.name)) !== null;
  const before = state !== 'classic' && tempExists ? 'migrating' : state;
  if (state === 'classic') {
    await assertUnconsumed(connection, spec.name);
    // The temporary is bound before the classic queue is unbound, so every event published meanwhile lands in
    // one of them (one published in between lands in both: the consumer's inbox absorbs the second copy).
    await onChannel(connection, async (ch) => {
      await declareQueue(ch, temp);
      for (const key of bindings) await ch.bindQueue(temp.name, exchange, key);
      for (const key of bindings) await ch.unbindQueue(spec.name, exchange, key);
    });
    tempExists = true;
    // What still arrives by name (the retry queue dead-lettering into the consuming queue) is moved too.
    do {
      await moveAll(connection, spec.name, temp.name);
      await assertUnconsumed(connection, spec.name);
    } while (!(await deleteIfEmpty(connection, spec.name)));
  }
  if (!tempExists) return { queue: spec.name, before, moved: 0 };
  await onChannel(connection, async (ch) => {
    await declareQueue(ch, spec);
    for (const key of bindings) await ch.bindQueue(spec.name, exchange, key);
    for (const key of bindings) await ch.unbindQueue(temp.name, exchange, key);
  });
  // Unbound, the temporary gets nothing more (nothing sends to it by name but this migration, under its lock).
  let moved = await moveAll(connection, temp.name, spec.name);
  while (!(await deleteQuorumIfEmpty(connection, temp.name))) moved += await moveAll(connection, temp.name, spec.name);
  return { queue: spec.name, before, moved };
}

/** A classic queue with consumers is being used by workers of the version before: moving under them would race them. */
async function assertUnconsumed(connection: ChannelModel, name: string): Promise<void> {
  const consumers = await consumersOf(connection, name);
  if (consumers) {
    throw new QueueMigrationError(
      `queue ${name} is a classic queue with ${consumers} consumer(s) (workers of a version before quorum queues): stop them, then run npm run admin -- queues migrate (a worker of this version does it at its next attempt)`,
    );
  }
}

/**
 * Quorum queues refuse `ifEmpty` (and the broker closes the whole connection over it): the count is checked
 * first, and what the delete removed is reported, so nothing would go unnoticed.
 */
async function deleteQuorumIfEmpty(connection: ChannelModel, name: string): Promise<boolean> {
  return onChannel(connection, async (ch) => {
    if ((await ch.checkQueue(name)).messageCount > 0) return false;
    const { messageCount } = await ch.deleteQueue(name);
    if (messageCount > 0) throw new QueueMigrationError(`${messageCount} message(s) arrived in ${name} while it was being deleted and went with it`);
    return true;
  });
}

/** Deletes the classic queue if it holds no message; false when something arrived in it meanwhile. */
async function deleteIfEmpty(connection: ChannelModel, name: string): Promise<boolean> {
  const deleted = await refusedAs(connection, (ch) => ch.deleteQueue(name, { ifEmpty: true }));
  return !('refused' in deleted);
}

/**
 * Moves every message of `from` to `to`: taken unacknowledged, published with publisher confirms, and
 * acknowledged only once the broker has confirmed every copy (and returned none as unroutable). A failure in
 * between closes the channel, handing the originals back to `from`: a message is then in both, never in neither.
 */
async function moveAll(connection: ChannelModel, from: string, to: string): Promise<number> {
  const channel: ConfirmChannel = await connection.createConfirmChannel();
  channel.on('error', () => undefined);
  let returned = 0;
  channel.on('return', () => void returned++);
  let moved = 0;
  try {
    for (;;) {
      const batch: GetMessage[] = [];
      while (batch.length < MOVE_BATCH) {
        const msg = await channel.get(from, { noAck: false });
        if (!msg) break;
        batch.push(msg);
      }
      if (!batch.length) return moved;
      // Properties travel as they are: a retry message keeps its expiration (its backoff starts again).
      for (const msg of batch) channel.sendToQueue(to, msg.content, { ...msg.properties, persistent: true, mandatory: true });
      await channel.waitForConfirms();
      if (returned) throw new QueueMigrationError(`the broker could not route ${returned} message(s) from ${from} to ${to}; they stay in ${from}`);
      channel.ack(batch[batch.length - 1], true);
      moved += batch.length;
    }
  } finally {
    await channel.close().catch(() => undefined);
  }
}

/**
 * At a worker's start (AmqpBus, before it declares its queues): finishes what needs migrating, so a worker
 * of this version started on a deployment with classic queues neither fails to declare them over and over
 * nor strands a half-done migration. When it cannot (workers of the version before still consume, or
 * another process holds the lock) it logs why and what to do, and rejects: the bus tries again on its next
 * connection attempt.
 */
export async function migrateOnStart(opts: MigrationOptions & { log: Logger }): Promise<void> {
  if (!(await needsMigration(opts.connection, opts.queue))) return;
  opts.log.warn({ queue: opts.queue }, 'this context has classic queues (or a migration that stopped half-way): migrating them to quorum queues (docs/adr/0050)');
  try {
    const results = await migrateQueues(opts);
    opts.log.info({ queue: opts.queue, results }, 'queues migrated to quorum queues');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    opts.log.error({ queue: opts.queue, err: message }, 'could not migrate the queues to quorum queues; retrying on the next connection attempt (see docs/operations.md, Deploy: quorum queues)');
    throw err;
  }
}
