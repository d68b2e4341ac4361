import { fork } from 'node:child_process';
import path from 'node:path';
import type { LoadConfig, LoadOutcome } from './load-worker';

/** Runs the load generator in a child process (inheriting tsx's loader through execArgv) and returns its outcome. */
export function runLoad(cfg: LoadConfig): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'load-worker.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    const kill = setTimeout(() => child.kill('SIGKILL'), (cfg.warmupS + cfg.durationS + 30) * 1000);
    child.once('message', (msg: { outcome?: LoadOutcome; error?: string }) => {
      settled = true;
      if (msg.outcome) resolve(msg.outcome);
      else reject(new Error(`load generator failed: ${msg.error}`));
    });
    child.once('error', (err) => {
      if (!settled) reject(err);
      settled = true;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(kill);
      if (!settled) reject(new Error(`load generator exited (${signal ?? code}) without a result`));
      settled = true;
    });
    child.send(cfg);
  });
}

/** `res` when its status is `status` (200 unless told); otherwise throws, naming `what` and the start of the body. */
export function expectOk<R extends { status: number; body: unknown }>(res: R, what: string, status = 200): R {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return res;
}
