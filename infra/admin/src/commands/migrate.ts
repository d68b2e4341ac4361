import type { Command } from 'commander';
import { migrate } from '@dp/db';
import type { AdminContext } from '../context';
import { contexts } from '../deployment';
import { print, table } from '../output';

/**
 * `migrate`: the services' own migrations (each ServiceDefinition's list, after the shared outbox and inbox),
 * run as each api runs them at boot, without starting anything: forward-only, idempotent, serialised per
 * schema by an advisory lock, so it is safe beside running services and safe to run twice.
 */
export function registerMigrate(program: Command, { deployment, io }: AdminContext): void {
  program
    .command('migrate')
    .description("run the services' database migrations (creating their schemas if needed) without starting any service")
    .option('--context <name...>', `only these contexts (${contexts.join(', ')})`)
    .option('--json', 'print JSON (an array of {context, schema, applied: [names]}) instead of a table')
    .addHelpText('after', '\nThe DATABASE_URL role needs the rights to create and alter each schema (e.g. the database owner).')
    .action(async (opts: { context?: string[]; json?: boolean }) => {
      const chosen = opts.context ?? contexts;
      chosen.forEach((context) => deployment.definition(context)); // every name checked before anything runs
      const results: Array<{ context: string; schema: string; applied: string[] }> = [];
      for (const context of chosen) {
        const schema = deployment.schemaOf(context);
        const applied = await migrate(await deployment.db(context), schema, deployment.definition(context).migrations, { info: (_fields, message) => io.err(`${context}: ${message}\n`) });
        results.push({ context, schema, applied });
      }
      print(io, opts.json, results, () =>
        table(
          [['context', 'CONTEXT'], ['schema', 'SCHEMA'], ['applied', 'APPLIED']],
          results.map((r) => ({ ...r, applied: r.applied.length ? `${r.applied.length}: ${r.applied.join(', ')}` : 'none (up to date)' })),
        ),
      );
    });
}
