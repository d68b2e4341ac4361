import { spawn } from 'node:child_process';
import path from 'node:path';

/** The repository root; fixtures run from here so that tsx and the `@dp/*` workspaces resolve. */
export const repoRoot = path.resolve(__dirname, '../..');

/** A JSON line a fixture printed on stdout: its own markers (`marker`) and pino log lines (`msg`) alike. */
export type FixtureLine = Record<string, any>;

export interface FixtureProcess {
  pid: number;
  /** Every JSON line printed on stdout so far, in order. */
  lines: FixtureLine[];
  /** The lines printed with `marker === name`. */
  markers(name: string): FixtureLine[];
  /** Resolves with the first line (already printed or still to come) that matches; rejects when the process exits first or on timeout. */
  waitFor(what: string, match: (line: FixtureLine) => boolean, timeoutMs: number): Promise<FixtureLine>;
  /** True while the process has neither exited nor been killed by a signal. */
  alive(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the whole process group (the node process running the script and anything it started). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
  /** The last lines of stderr and stdout, for error messages. */
  tail(): string;
}

/**
 * Runs `test/fixtures/<script>` in another node process that loads TypeScript through tsx's loader (one process:
 * `npx tsx` cost two more node processes and about a second of CPU per fixture here), in its own process group so
 * that a SIGKILL reaches whatever it started too.
 */
export function spawnFixture(script: string, env: Record<string, string>): FixtureProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'test/fixtures', script)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (!child.pid) throw new Error(`could not spawn fixture ${script}`);
  const pid = child.pid;
  const lines: FixtureLine[] = [];
  const raw: string[] = [];
  const stderr: string[] = [];
  const listeners = new Set<() => void>();
  let status: { code: number | null; signal: NodeJS.Signals | null } | undefined;

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      status = { code, signal };
      resolve(status);
      listeners.forEach((l) => l());
    });
  });

  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const line of parts) {
      raw.push(line);
      if (raw.length > 200) raw.shift();
      try {
        const parsed: unknown = JSON.parse(line);
        if (parsed && typeof parsed === 'object') lines.push(parsed as FixtureLine);
      } catch {
        // not JSON: kept in `raw` only
      }
    }
    listeners.forEach((l) => l());
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 100) stderr.shift();
  });

  const tail = () => `--- stderr of ${script} (pid ${pid}) ---\n${stderr.join('').slice(-3000)}\n--- stdout ---\n${raw.slice(-30).join('\n')}`;
  const alive = () => !status;
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };

  return {
    pid,
    lines,
    markers: (name) => lines.filter((l) => l.marker === name),
    alive,
    exited,
    kill,
    tail,
    waitFor(what, match, timeoutMs) {
      return new Promise((resolve, reject) => {
        let seen = 0;
        const check = () => {
          for (; seen < lines.length; seen++) {
            if (match(lines[seen])) return done(() => resolve(lines[seen]));
          }
          if (status) done(() => reject(new Error(`${script} exited (${JSON.stringify(status)}) before ${what}\n${tail()}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`${script}: no ${what} within ${timeoutMs} ms\n${tail()}`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    async stop(graceMs = 5000) {
      if (!status) {
        kill('SIGTERM');
        const timer = setTimeout(() => kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // npx may exit before the node process it started: make sure nothing of the group survives.
      kill('SIGKILL');
    },
  };
}
