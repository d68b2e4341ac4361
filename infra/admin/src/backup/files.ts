import { createReadStream, createWriteStream } from 'node:fs';
import { access, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { declareConsumer } from '@dp/bus';
import { migrate, withSharedMigrations } from '@dp/db';
import { subscriptions } from '@dp/local';
import { contexts, type Deployment } from '../deployment';
import { AdminError } from '../errors';
import type { Io } from '../output';
import { writeBackup, type BackupSummary } from './dump';
import { restoreBackup, type RestoreSummary } from './restore';

const exists = (file: string) => access(file).then(() => true, () => false);

/** Backs the deployment up to `file`, written beside it and renamed when complete (a failure leaves no file under its name). */
export async function backupToFile(deployment: Deployment, file: string, force: boolean): Promise<BackupSummary & { file: string }> {
  const target = path.resolve(file);
  const partial = `${target}.partial-${process.pid}`;
  const handle = await open(partial, 'wx').catch((err: NodeJS.ErrnoException) => {
    throw new AdminError(`cannot write beside ${file}: ${err.code ?? err.message}`);
  });
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream('', { fd: handle }));
  written.catch(() => undefined); // awaited below; a write that fails early must not go unhandled meanwhile
  try {
    if (!force && (await exists(target))) throw new AdminError(`${file} exists: choose another name, or --force to replace it`);
    const summary = await writeBackup(await deployment.sqlClient(), contexts.map((context) => ({ context, schema: deployment.schemaOf(context), queue: deployment.queueOf(context) })), gzip);
    gzip.end();
    await written;
    await rename(partial, target);
    return { file: target, ...summary };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * The broker is not in a backup, and the relays publish as soon as the workers start, maybe before the
 * consuming queues exist: they are declared first, bound as their workers bind them. `npm start` without a
 * broker runs an in-process bus (AMQP_URL unset, nothing at its default), which has no queues.
 */
async function declareConsumers(deployment: Deployment, types: Map<string, string[]>, io: Io): Promise<void> {
  const broker = await deployment.brokerConnection().catch((err: unknown) => {
    if (deployment.env.AMQP_URL) throw err;
    io.err('no RabbitMQ at the default AMQP_URL: no queues declared (the in-process bus of npm start has none)\n');
  });
  if (!broker) return;
  const channel = await broker.createChannel();
  for (const context of contexts) {
    const bindings = types.get(context) ?? [];
    if (bindings.length) await declareConsumer(channel, deployment.config.AMQP_EXCHANGE, deployment.queueOf(context), bindings);
  }
  await channel.close();
}

/** Restores `file` into the deployment's empty schemas (docs/adr/0110), after declaring its consuming queues. */
export async function restoreFromFile(deployment: Deployment, file: string, io: Io): Promise<RestoreSummary & { file: string }> {
  const source = path.resolve(file);
  const input = createReadStream(source);
  await new Promise<void>((resolve, reject) => {
    input.once('open', () => resolve());
    input.once('error', (err: NodeJS.ErrnoException) => reject(new AdminError(`cannot read ${file}: ${err.code ?? err.message}`)));
  });
  // Read through gunzip; its errors (a damaged or cut file) reach whoever reads it, as the rejection of the read.
  const gunzip = input.pipe(createGunzip());
  input.on('error', (err) => gunzip.destroy(err));
  gunzip.on('error', () => undefined);
  try {
    const types = await subscriptions();
    await declareConsumers(deployment, types, io);
    const summary = await restoreBackup(gunzip, {
      client: await deployment.sqlClient(),
      subscriptions: types,
      contextOf: (context) => ({
        schema: deployment.schemaOf(context),
        queue: deployment.queueOf(context),
        known: withSharedMigrations(deployment.definition(context).migrations).map((m) => m.name),
      }),
      migrate: async (context, names) => {
        await migrate(await deployment.db(context), deployment.schemaOf(context), deployment.definition(context).migrations, undefined, names && { only: names });
      },
    });
    return { file: source, ...summary };
  } catch (err) {
    input.destroy();
    gunzip.destroy();
    // gzip's own words for a damaged or cut file are about zlib; say what it means for the restore.
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new AdminError(`${file} is not a complete gzip file (${(err as Error).message}): nothing was restored`);
    throw err;
  }
}
