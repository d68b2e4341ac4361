import type { Command } from 'commander';
import { deadLetterQueue, MissingQueueError, type DeadLetter } from '@dp/bus';
import type { AdminContext } from '../context';
import { contexts } from '../deployment';
import { AdminError } from '../errors';
import { print, table } from '../output';

const columns: Array<[string, string]> = [['queue', 'QUEUE'], ['id', 'EVENT ID'], ['type', 'TYPE'], ['failedAt', 'PARKED AT'], ['attempts', 'ATTEMPTS'], ['error', 'ERROR']];

const present = (queue: string, letter: DeadLetter) => ({ queue, id: letter.id, type: letter.type, failedAt: letter.failedAt, attempts: letter.attempts, error: letter.error, event: letter.event ?? null });

/**
 * `dlq list` and `dlq replay`: the events a context's consumer gave up on (parked in `<queue>.dlq` after its
 * last attempt, docs/adr/0016), and sending them back once the cause is fixed (docs/adr/0049).
 */
export function registerDlq(program: Command, { deployment, io }: AdminContext): void {
  const dlq = program.command('dlq').description("dead-lettered events: what a consumer parked after its last attempt");

  dlq
    .command('list')
    .description('list parked events per queue, with their error (the queues keep them)')
    .option('--queue <context>', `only this context's queue (${contexts.join(', ')}); QUEUE_PREFIX is added`)
    .option('--json', 'print JSON (an array of {queue, id, type, failedAt, attempts, error, event}) instead of a table')
    .action(async (opts: { queue?: string; json?: boolean }) => {
      const broker = await deployment.deadLetters();
      const listed: Array<ReturnType<typeof present>> = [];
      for (const context of opts.queue ? [opts.queue] : contexts) {
        const queue = deployment.queueOf(context);
        const letters = await broker.list(queue);
        // A context that consumes nothing has no queue: only one asked for by name is an error.
        if (!letters && opts.queue) throw new AdminError(`no dead-letter queue ${deadLetterQueue(queue)} on the broker (is QUEUE_PREFIX right? has the ${context} worker ever run?)`);
        listed.push(...(letters ?? []).map((letter) => present(queue, letter)));
      }
      print(io, opts.json, listed, () => (listed.length ? `${table(columns, listed)}${listed.length} parked event(s)\n` : 'no dead-lettered events\n'));
    });

  dlq
    .command('replay')
    .description("send parked events back to the context's queue, attempts reset, so its consumer handles them again; each leaves the dead-letter queue only once the broker has confirmed it back on the queue")
    .argument('<context>', `the consuming context (${contexts.join(', ')}); QUEUE_PREFIX is added`)
    .argument('[eventId]', 'the parked event to replay')
    .option('--all', 'replay every parked event of the queue')
    .option('--json', 'print JSON (an array of the replayed events) instead of text')
    .addHelpText('after', '\nExamples:\n  npm run admin -- dlq replay sites 3b0c7e1a-...\n  npm run admin -- dlq replay integrations --all')
    .action(async (context: string, eventId: string | undefined, opts: { all?: boolean; json?: boolean }) => {
      if (!eventId === !opts.all) throw new AdminError('name one event id, or --all (not both)');
      const queue = deployment.queueOf(context);
      const broker = await deployment.deadLetters();
      const replayed = await broker.replay(queue, (letter) => opts.all === true || letter.id === eventId).catch((err: unknown) => {
        if (err instanceof MissingQueueError) throw new AdminError(`${err.message} (is QUEUE_PREFIX right? has the ${context} worker ever run?)`);
        throw err;
      });
      if (eventId && replayed.length === 0) throw new AdminError(`no event ${eventId} in ${deadLetterQueue(queue)}`);
      print(io, opts.json, replayed.map((letter) => present(queue, letter)), () =>
        replayed.length ? `${replayed.map((l) => `replayed ${l.id} (${l.type}) to ${queue}`).join('\n')}\n` : `nothing parked in ${deadLetterQueue(queue)}\n`,
      );
    });
}
