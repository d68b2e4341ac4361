import { spawn } from 'node:child_process';
import path from 'node:path';
import { TEST_AMQP_URL, TEST_DATABASE_URL } from '@dp/testing';
import { runAdmin } from '../src/program';

export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The variables a deployment whose schemas, queues and exchange carry the test namespace `ns` gives the CLI (as `startStack`'s `namespace`). */
export const adminEnv = (ns: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: TEST_DATABASE_URL,
  AMQP_URL: TEST_AMQP_URL,
  QUEUE_PREFIX: ns,
  DB_SCHEMA_PREFIX: ns,
  AMQP_EXCHANGE: `${ns}docs.events`,
  ADMIN_DB_SCHEMAS: '',
  ...extra,
});

/** Runs the CLI in this process, as `npm run admin -- ...argv` would, capturing what it prints. */
export async function admin(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<AdminRun> {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(argv, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) }, env);
  return { code, stdout, stderr };
}

/** `--json` output of a run that must succeed. */
export async function adminJson<T = any>(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<T> {
  const run = await admin(env, ...argv, '--json');
  if (run.code !== 0) throw new Error(`admin ${argv.join(' ')} exited ${run.code}: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

const root = path.join(__dirname, '../../..');

/** Runs the CLI as its own process through the npm script's command (`tsx infra/admin/src/cli.ts`). */
export function adminProcess(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<AdminRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'infra/admin/src/cli.ts', ...argv], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // It must end by itself (every pool and connection closed): a process that hangs fails the test's timeout.
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
