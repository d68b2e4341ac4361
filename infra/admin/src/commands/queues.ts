import type { Command } from 'commander';
import amqp, { type ChannelModel } from 'amqplib';
import { contextQueueStates, migrateQueues, QueueMigrationError } from '@dp/bus';
import { redactUrl } from '@dp/config';
import { handledTypes } from '@dp/local';
import type { AdminContext } from '../context';
import { contexts, type Deployment } from '../deployment';
import { AdminError, reason } from '../errors';
import { print, table } from '../output';


/** What a context's worker binds its queue with (the types its handlers take), and the exchange: the migration declares the quorum queue with exactly those bindings, as AMQP cannot list a queue's bindings. */
async function consumerOf(deployment: Deployment, context: string): Promise<{ exchange: string; bindings: string[] }> {
  return { exchange: deployment.config.AMQP_EXCHANGE, bindings: await handledTypes(deployment.definition(context)) };
}

async function connect(url: string): Promise<ChannelModel> {
  try {
    const connection = await amqp.connect(url, { timeout: 5000, clientProperties: { connection_name: 'docs-platform-admin' } });
    connection.on('error', () => undefined);
    return connection;
  } catch (err) {
    throw new AdminError(`RabbitMQ does not answer at AMQP_URL=${redactUrl(url)}: ${reason(err)}`);
  }
}

/**
 * `queues status` and `queues migrate`: the consuming contexts' queues are quorum queues (docs/adr/0050); a
 * deployment from before has classic ones, which `migrate` moves without losing a message (libs/bus
 * queue-migration.ts). A worker does the same at its start; the command is for doing it before, on purpose.
 */
export function registerQueues(program: Command, { deployment, io }: AdminContext): void {
  const queues = program.command('queues').description("the consuming contexts' RabbitMQ queues: quorum, or classic from before (docs/adr/0050)");
  const contextOption = ['--context <name...>', `only these contexts (${contexts.join(', ')})`] as const;

  /** Runs `use` for each chosen context that consumes events (one that consumes none has no queues). */
  const eachConsumer = async <T>(chosen: string[] | undefined, use: (connection: ChannelModel, context: string, queue: string) => Promise<T[]>): Promise<T[]> => {
    const names = chosen ?? contexts;
    names.forEach((context) => deployment.definition(context)); // every name checked before anything runs
    const connection = await connect(deployment.config.AMQP_URL);
    try {
      const rows: T[] = [];
      for (const context of names) {
        if ((await consumerOf(deployment, context)).bindings.length === 0) continue;
        rows.push(...(await use(connection, context, deployment.queueOf(context))));
      }
      return rows;
    } finally {
      await connection.close().catch(() => undefined);
    }
  };

  queues
    .command('status')
    .description('each queue of each consuming context: quorum, classic (to migrate), migrating (a migration stopped half-way: run migrate again) or absent')
    .option(...contextOption)
    .option('--json', 'print JSON (an array of {context, queue, state}) instead of a table')
    .action(async (opts: { context?: string[]; json?: boolean }) => {
      const rows = await eachConsumer(opts.context, async (connection, context, queue) => (await contextQueueStates(connection, queue)).map((s) => ({ context, ...s })));
      print(io, opts.json, rows, () => table([['context', 'CONTEXT'], ['queue', 'QUEUE'], ['state', 'STATE']], rows));
    });

  queues
    .command('migrate')
    .description(
      "move classic queues to quorum queues without losing a message: each through a temporary quorum queue bound like it, under a lock; safe to run again after it stopped anywhere, and a no-op once done",
    )
    .option(...contextOption)
    .option('--json', 'print JSON (an array of {context, queue, before, moved}) instead of a table')
    .addHelpText('after', "\nStop the context's workers of the version before quorum queues first: a classic queue with consumers is refused.\nExample:\n  npm run admin -- queues migrate --context sites integrations")
    .action(async (opts: { context?: string[]; json?: boolean }) => {
      const rows = await eachConsumer(opts.context, async (connection, context, queue) => {
        const { exchange, bindings } = await consumerOf(deployment, context);
        const results = await migrateQueues({ connection, exchange, queue, bindings }).catch((err: unknown) => {
          throw err instanceof QueueMigrationError ? new AdminError(`${context}: ${err.message}`) : err;
        });
        return results.map((r) => ({ context, ...r }));
      });
      print(io, opts.json, rows, () =>
        table(
          [['context', 'CONTEXT'], ['queue', 'QUEUE'], ['before', 'BEFORE'], ['moved', 'MOVED']],
          rows.map((r) => ({ ...r, before: r.before === 'quorum' ? 'quorum (nothing to do)' : r.before })),
        ),
      );
    });
}
