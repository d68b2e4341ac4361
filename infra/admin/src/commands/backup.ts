import type { Command } from 'commander';
import { backupToFile, restoreFromFile } from '../backup/files';
import type { AdminContext } from '../context';
import { print, table } from '../output';

const perContext = (rows: Array<Record<string, unknown>>) => table([['context', 'CONTEXT'], ['schema', 'SCHEMA'], ['tables', 'TABLES'], ['rows', 'ROWS']], rows);

/**
 * `backup <file>` and `restore <file>` (docs/adr/0110, docs/operations.md): every context's schema, outboxes and
 * inboxes included, as one snapshot; restored into empty schemas, after which the services publish what was
 * committed but not yet published, and their inboxes keep anything from being handled twice.
 */
export function registerBackup(program: Command, { deployment, io }: AdminContext): void {
  program
    .command('backup <file>')
    .description("write one consistent snapshot of every context's schema (outboxes and inboxes included) to <file>, gzip-compressed")
    .option('--force', 'replace <file> if it exists')
    .option('--json', 'print JSON ({file, tables, rows, contexts: [{context, schema, migrated, tables, rows}]}) instead of a table')
    .addHelpText('after', "\nIt holds PostgreSQL only: restore declares the queues again. Restore with the same secrets (CONTENT_SECRETS_KEY, INTEGRATIONS_SECRETS_KEY) to open sealed credentials.")
    .action(async (file: string, opts: { force?: boolean; json?: boolean }) => {
      const done = await backupToFile(deployment, file, opts.force === true);
      print(io, opts.json, done, () => `${perContext(done.contexts)}backed up ${done.rows} rows of ${done.tables} tables to ${done.file}\n`);
    });

  program
    .command('restore <file>')
    .description('restore a backup into this deployment, whose schemas must hold no rows, and declare its consuming queues (start the services afterwards)')
    .option('--json', 'print JSON ({file, createdAt, tables, rows, sequences, republished, contexts: [{context, schema, tables, rows}]}) instead of a table')
    .addHelpText('after', '\nThe schemas are those of DB_SCHEMA_PREFIX and ADMIN_DB_SCHEMAS, which may differ from the backed-up ones. Everything is loaded in one transaction: a file that is cut short restores nothing.')
    .action(async (file: string, opts: { json?: boolean }) => {
      const done = await restoreFromFile(deployment, file, io);
      print(
        io,
        opts.json,
        done,
        () => `${perContext(done.contexts)}restored ${done.rows} rows of ${done.tables} tables and ${done.sequences} sequences, backed up at ${done.createdAt}; ${done.republished} events in flight then will be published again\n`,
      );
    });
}
