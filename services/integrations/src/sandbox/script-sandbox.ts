import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Miniflare, type Request as ScriptRequest, type Response as ScriptResponse } from 'miniflare';
import { LRUCache } from 'lru-cache';
import type { Logger } from '@dp/log';
import { childPids, processName, residentBytes } from './process-memory';

/** What a sandboxed call sends: a request to the script's fetch handler. */
export interface SandboxRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface SandboxLimits {
  /** Time a call may take, its CPU and its waits together: past it the sandbox process is ended. */
  timeMs: number;
  /** Resident memory the sandbox process may hold: past it the process is ended. */
  memoryBytes: number;
  /** Sandbox processes kept at once (one per integration version); the least recently used goes first. */
  maxSandboxes: number;
}

/** The script's own outbound fetches: handed to the guarded client (libs/outbound) by the caller. */
export type OutboundFetch = (request: ScriptRequest) => Promise<ScriptResponse>;

export type SandboxFailure = 'TIMEOUT' | 'MEMORY' | 'SCRIPT' | 'START';

/** A call that could not complete: its script threw at load, looped, grew too large or its process died. */
export class SandboxError extends Error {
  constructor(
    readonly reason: SandboxFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** The runtime the official CLI builds and runs integrations for (its `gitbook dev` uses the same). */
const COMPATIBILITY = { compatibilityDate: '2025-05-25', compatibilityFlags: ['nodejs_compat'] };
const MEMORY_CHECK_MS = 50;

interface Started {
  miniflare: Miniflare;
  /** Its workerd process, where /proc tells (its memory is watched during calls). */
  pid: number | undefined;
}

/** A sandbox being started or started: a failed start rejects, and its entry is dropped. */
type Sandbox = Promise<Started>;

const disposeOf = (sandbox: Sandbox) => sandbox.then((s) => s.miniflare.dispose()).catch(() => undefined);

/** One start at a time in this process: a new sandbox's process is told apart from the others by appearing. */
let starting: Promise<unknown> = Promise.resolve();

const TIED_WORKERD = path.join(__dirname, '../../bin/workerd-tied-to-parent');

/**
 * Sandbox processes die with this one (a SIGKILLed worker must not leave them running): miniflare starts
 * workerd through our wrapper, which sets the parent-death signal with setpriv. Miniflare reads where
 * workerd is from the environment when it starts one; a deployment that set MINIFLARE_WORKERD_PATH keeps its own.
 */
function tieSandboxesToThisProcess(log: Logger): void {
  if (process.env.MINIFLARE_WORKERD_PATH) return;
  if (!fs.existsSync('/usr/bin/setpriv')) {
    log.warn('setpriv (util-linux) is missing: integration sandboxes will outlive this process if it is killed');
    return;
  }
  // The workerd binary miniflare itself would start (its own dependency, whatever its version).
  const binary: unknown = createRequire(require.resolve('miniflare'))('workerd').default;
  if (typeof binary !== 'string') return;
  process.env.DP_WORKERD_BIN = binary;
  process.env.MINIFLARE_WORKERD_PATH = TIED_WORKERD;
}

/**
 * Integration scripts run in the Workers runtime (workerd, driven by miniflare), one process per
 * integration version (its `key`), kept warm in a bounded pool (docs/adr/0043). A script sees no filesystem
 * and no environment (no bindings); its `fetch` goes to `outbound`, which applies the SSRF guard. A call
 * that outlives the time limit or a process that outgrows the memory limit is ended with its process (the
 * next call starts a new one): that call fails, other integrations' sandboxes are not touched.
 */
export class ScriptSandboxes {
  private readonly pool: LRUCache<string, Sandbox>;
  /** Once closed (the process stops), no sandbox is started again. */
  private closed = false;

  constructor(
    private readonly limits: SandboxLimits,
    private readonly outbound: OutboundFetch,
    private readonly log: Logger,
  ) {
    tieSandboxesToThisProcess(log);
    this.pool = new LRUCache<string, Sandbox>({
      max: limits.maxSandboxes,
      dispose: (sandbox) => void disposeOf(sandbox),
    });
  }

  async call(key: string, script: string, request: SandboxRequest): Promise<SandboxResponse> {
    if (this.closed) throw new SandboxError('START', 'the integration sandboxes are closed: this process is stopping');
    let started: Started;
    try {
      started = await this.sandboxFor(key, script);
    } catch (err) {
      this.pool.delete(key);
      throw new SandboxError('START', `the integration script could not be loaded: ${firstLine(err)}`);
    }
    const stop = new AbortController();
    const limit = new Promise<never>((_, reject) => {
      const timer = setTimeout(() => reject(new SandboxError('TIMEOUT', `the integration script did not answer within ${this.limits.timeMs} ms`)), this.limits.timeMs);
      const pid = started.pid;
      const watch = pid === undefined ? undefined : setInterval(() => {
        const bytes = residentBytes(pid);
        if (bytes !== undefined && bytes > this.limits.memoryBytes) {
          reject(new SandboxError('MEMORY', `the integration script used more than ${Math.round(this.limits.memoryBytes / 1048576)} MB of memory`));
        }
      }, MEMORY_CHECK_MS);
      stop.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        if (watch) clearInterval(watch);
      });
    });
    try {
      const answer = started.miniflare.dispatchFetch(request.url, { method: request.method, headers: request.headers, body: request.method === 'GET' ? undefined : request.body });
      const res = await Promise.race([answer, limit]);
      const body = Buffer.from(await Promise.race([res.arrayBuffer(), limit]));
      return { status: res.status, headers: Object.fromEntries(res.headers), body };
    } catch (err) {
      if (err instanceof SandboxError) {
        // The script may still be running (a loop): its process goes, and the pool starts a new one next time.
        this.log.warn({ sandbox: key, reason: err.reason }, 'integration script stopped: its sandbox process is ended');
        this.pool.delete(key);
        throw err;
      }
      this.pool.delete(key);
      throw new SandboxError('SCRIPT', `the integration script's process failed: ${firstLine(err)}`);
    } finally {
      stop.abort();
    }
  }

  /** Ends every sandbox process (the api or worker stops). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.pool.values()];
    this.pool.clear();
    await Promise.all(all.map(disposeOf));
  }

  private sandboxFor(key: string, script: string): Sandbox {
    const existing = this.pool.get(key);
    if (existing) return existing;
    const sandbox: Sandbox = starting.then(async () => {
      const before = new Set(childPids());
      const miniflare = new Miniflare({
        modules: true,
        script,
        ...COMPATIBILITY,
        outboundService: this.outbound,
        // What the script prints goes to this process's log (debug), tagged with its sandbox, not to stdout.
        handleRuntimeStdio: (stdout, stderr) => {
          for (const stream of [stdout, stderr]) {
            createInterface({ input: stream }).on('line', (line) => this.log.debug({ sandbox: key, line }, 'integration script output'));
          }
        },
      });
      try {
        await miniflare.ready;
      } catch (err) {
        await miniflare.dispose().catch(() => undefined);
        throw err;
      }
      // The process that appeared is this sandbox's.
      return { miniflare, pid: childPids().find((pid) => !before.has(pid) && processName(pid) === 'workerd') };
    });
    starting = sandbox.catch(() => undefined);
    this.pool.set(key, sandbox);
    return sandbox;
  }
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);
