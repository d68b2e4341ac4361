import type { Command } from 'commander';
import type { AdminContext } from '../context';
import { contexts } from '../deployment';
import { AdminError } from '../errors';
import { print, table, type Io } from '../output';
import { prefixProblem, stackResources } from '../teardown/resources';
import { dropPresent, nothingPresent, presentResources, runningEvidence, type PresentResources } from '../teardown/stack-state';

const describe = (present: PresentResources) =>
  table(
    [['kind', 'KIND'], ['name', 'NAME'], ['detail', 'DETAIL']],
    [
      ...present.schemas.map((name) => ({ kind: 'schema', name, detail: 'dropped with everything in it' })),
      ...present.queues.map(({ name, messages }) => ({ kind: 'queue', name, detail: `${messages} message${messages === 1 ? '' : 's'}` })),
      ...(present.exchange ? [{ kind: 'exchange', name: present.exchange, detail: '' }] : []),
    ],
  );

/** The operator types the prefix back; without a terminal there is no one to ask, and `--yes` must say it. */
async function confirmed(io: Io, prefix: string, present: PresentResources): Promise<void> {
  if (!io.ask) throw new AdminError('teardown removes data: run it at a terminal to confirm, or pass --yes');
  io.err(`This removes, with their data:\n${describe(present)}`);
  const answer = await io.ask(`Type the prefix (${prefix}) to remove them: `);
  if (answer.trim() !== prefix) throw new AdminError('not confirmed; nothing was removed');
}

/**
 * `teardown --prefix <p>`: removes a stack that ran with QUEUE_PREFIX and DB_SCHEMA_PREFIX set to `<p>` (its
 * schemas, queues and exchange), after a confirmation, and never while a worker of it runs (docs/adr/0049).
 */
export function registerTeardown(program: Command, { deployment, io }: AdminContext): void {
  program
    .command('teardown')
    .description("remove a prefixed stack's schemas, queues and exchange (a stack started with QUEUE_PREFIX and DB_SCHEMA_PREFIX set to the prefix); refused while it runs")
    .requiredOption('--prefix <prefix>', 'the prefix the stack was started with (QUEUE_PREFIX and DB_SCHEMA_PREFIX)')
    .option('--yes', 'do not ask for a confirmation')
    .option('--json', 'print JSON ({prefix, removed: {schemas, queues, exchange}}) instead of a table')
    .addHelpText('after', '\nExample:\n  npm run admin -- teardown --prefix nc_')
    .action(async (opts: { prefix: string; yes?: boolean; json?: boolean }) => {
      const problem = prefixProblem(opts.prefix);
      if (problem) throw new AdminError(problem);
      const resources = stackResources(opts.prefix, contexts);
      const db = await deployment.catalog();
      const connection = await deployment.brokerConnection();
      const present = await presentResources(db, connection, resources);
      const running = runningEvidence(present);
      if (running) throw new AdminError(`the stack with prefix ${opts.prefix} is running (${running}): stop it first; nothing was removed`);
      if (nothingPresent(present)) {
        print(io, opts.json, { prefix: opts.prefix, removed: { schemas: [], queues: [], exchange: null } }, () => `nothing to remove for prefix ${opts.prefix}\n`);
        return;
      }
      if (!opts.yes) await confirmed(io, opts.prefix, present);
      await dropPresent(db, connection, present);
      const removed = { schemas: present.schemas, queues: present.queues.map((q) => q.name), exchange: present.exchange };
      print(io, opts.json, { prefix: opts.prefix, removed }, () => `removed:\n${describe(present)}`);
    });
}
