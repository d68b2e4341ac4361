import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { processAlive, sleep, testRun } from '@dp/testing';
import { schemaPools, stackClient, type StackClient } from './stack-client';

/*
 * A stack for the test files that only talk to the API with the stack's defaults (docs/adr/0073): started by the
 * first file of a jest worker that asks, in a process of its own, and shared by every later file of that worker,
 * which saves each of them a stack's boot, its stop and the loading of every service's modules. A file that sets a variable,
 * calls an internal API, stops a service, writes rows no other file expects or measures latency boots its own
 * (stack.ts). Each file works in organizations of its own users, so files cannot see each other's data.
 */

/** Where the run's shared stacks announce themselves. */
const runDir = () => path.join(os.tmpdir(), 'dp-shared-stack', testRun());
/**
 * Where this jest worker's stack announces itself: `pid` once its process started, `stack.json` once it answers.
 * One stack per worker: a stack is one Node process, and two workers' files on one stack wait on its one core.
 */
const workerDir = () => path.join(runDir(), process.env.JEST_WORKER_ID ?? '1');
const BOOT_LIMIT_MS = 120_000;
const repoRoot = path.resolve(__dirname, '../..');

export interface SharedStackInfo {
  baseUrl: string;
  publisherUrl: string;
  adminToken: string;
  namespace: string;
}

export interface SharedStack extends StackClient {
  /** knex on a context's schema of the shared stack (one pool per context for this file), to read what the API does not show. */
  schemaDb(context: string): Knex;
  /** Closes this file's pools (`afterAll`); the stack itself runs on for the other files. */
  release(): Promise<void>;
}

let shared: Promise<SharedStack> | undefined;

/** This jest worker's shared stack, started on first use. */
export function sharedStack(): Promise<SharedStack> {
  return (shared ??= started().then(clientOf));
}

function clientOf(info: SharedStackInfo): SharedStack {
  const pools = schemaPools();
  return { ...stackClient(info), schemaDb: (context) => pools.of(`${info.namespace}${context}`), release: pools.close };
}

async function started(): Promise<SharedStackInfo> {
  const dir = workerDir();
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let mine = false;
  try {
    fs.mkdirSync(dir);
    mine = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  if (mine) launch(dir);
  const deadline = Date.now() + BOOT_LIMIT_MS;
  for (;;) {
    const info = path.join(dir, 'stack.json');
    if (fs.existsSync(info)) return JSON.parse(fs.readFileSync(info, 'utf8')) as SharedStackInfo;
    const failed = path.join(dir, 'failed');
    if (fs.existsSync(failed)) throw new Error(`the shared test stack did not start:\n${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared test stack did not start within ${BOOT_LIMIT_MS} ms (its log: ${path.join(dir, 'log')})`);
    await sleep(100);
  }
}

/** Starts the stack's process, detached so that it outlives this file; it ends with the run (shared-stack-process.ts). */
function launch(dir: string): void {
  const log = fs.openSync(path.join(dir, 'log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/support/shared-stack-process.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DP_SHARED_STACK_DIR: dir },
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  child.on('exit', (code, signal) => {
    if (fs.existsSync(path.join(dir, 'stack.json'))) return;
    const tail = fs.readFileSync(path.join(dir, 'log'), 'utf8').slice(-4000);
    fs.writeFileSync(path.join(dir, 'failed'), `exited with ${signal ?? code}\n${tail}`);
  });
  child.unref();
}

/** jest globalTeardown: stops the run's shared stacks, if files started any (their namespaces are swept after). */
export async function stopSharedStacks(): Promise<void> {
  const dir = runDir();
  if (!fs.existsSync(dir)) return;
  await Promise.all(fs.readdirSync(dir).map((worker) => stopStack(path.join(dir, worker))));
  fs.rmSync(dir, { recursive: true, force: true });
}

async function stopStack(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8'));
  const gone = () => !processAlive(pid);
  if (!gone()) process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 300 && !gone(); i++) await sleep(100);
  if (!gone()) {
    process.kill(pid, 'SIGKILL');
    console.warn(`[shared stack] did not stop within 30 s of SIGUSR2: killed (the sweep removes its namespace); its log:\n${fs.readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000)}`);
  }
}
