import type { Command } from 'commander';
import { outboxBacklog } from '@dp/db';
import type { AdminContext } from '../context';
import { contexts } from '../deployment';
import { age, isoOrNull, print, table } from '../output';

/** `outbox`: what each context's relay has still to publish; a growing backlog means a stuck relay or broker. */
export function registerOutbox(program: Command, { deployment, io }: AdminContext): void {
  program
    .command('outbox')
    .description('show the outbox backlog per context: unpublished events, age of the oldest, failed publish attempts')
    .option('--context <name...>', `only these contexts (${contexts.join(', ')})`)
    .option('--json', 'print JSON (an array of {context, schema, migrated, unpublished, oldestAt, oldestAgeSeconds, failing, lastError}) instead of a table')
    .action(async (opts: { context?: string[]; json?: boolean }) => {
      const now = new Date();
      const rows = await Promise.all((opts.context ?? contexts).map(async (context) => {
        const schema = deployment.schemaOf(context);
        const backlog = await outboxBacklog(await deployment.db(context));
        return {
          context,
          schema,
          migrated: backlog !== null,
          unpublished: backlog?.unpublished ?? 0,
          oldestAt: isoOrNull(backlog?.oldestAt),
          oldestAgeSeconds: backlog?.oldestAt ? Math.floor((now.getTime() - backlog.oldestAt.getTime()) / 1000) : null,
          failing: backlog?.failing ?? 0,
          lastError: backlog?.lastError ?? null,
          oldest: backlog ? (backlog.oldestAt ? age(backlog.oldestAt, now) : '') : 'no outbox (not migrated)',
        };
      }));
      print(
        io,
        opts.json,
        rows.map(({ oldest: _, ...row }) => row),
        () => table([['context', 'CONTEXT'], ['schema', 'SCHEMA'], ['unpublished', 'UNPUBLISHED'], ['oldest', 'OLDEST'], ['failing', 'FAILED ATTEMPTS'], ['lastError', 'LAST ERROR']], rows),
      );
    });
}
