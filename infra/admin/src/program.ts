import { Command, CommanderError } from 'commander';
import { registerBackup } from './commands/backup';
import { registerDlq } from './commands/dlq';
import { registerMigrate } from './commands/migrate';
import { registerOutbox } from './commands/outbox';
import { registerQueues } from './commands/queues';
import { registerTeardown } from './commands/teardown';
import { registerTokens } from './commands/tokens';
import { registerUsers } from './commands/users';
import type { AdminContext } from './context';
import { Deployment } from './deployment';
import { explain } from './errors';
import type { Io } from './output';

/** The CLI's commands, one group per file under commands/ (docs/adr/0049). */
export function buildProgram(admin: AdminContext): Command {
  const program = new Command('admin')
    .description("Operate a docs-platform deployment: users and tokens, dead-lettered events, the outbox, migrations, backups. It reads the services' variables (DATABASE_URL, AMQP_URL, QUEUE_PREFIX, DB_SCHEMA_PREFIX, ADMIN_DB_SCHEMAS).")
    // Set before the commands are added: subcommands inherit them.
    .exitOverride()
    .configureOutput({ writeOut: (text) => admin.io.out(text), writeErr: (text) => admin.io.err(text) })
    .showHelpAfterError('(add --help for usage)');
  registerUsers(program, admin);
  registerTokens(program, admin);
  registerDlq(program, admin);
  registerOutbox(program, admin);
  registerMigrate(program, admin);
  registerQueues(program, admin);
  registerTeardown(program, admin);
  registerBackup(program, admin);
  return program;
}

/**
 * One run of the CLI on `argv` (the arguments after the script): resolves with the exit code, after every
 * connection it opened is closed. Errors are one line on stderr and exit code 1.
 */
export async function runAdmin(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const deployment = new Deployment(env);
  try {
    await buildProgram({ deployment, io }).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    // Usage errors and --help: commander has printed them already.
    if (err instanceof CommanderError) return err.exitCode;
    io.err(`error: ${explain(err)}\n`);
    return 1;
  } finally {
    await deployment.close();
  }
}
