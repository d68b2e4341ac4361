import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Miniflare, Request as ScriptRequest, Response as ScriptResponse } from 'miniflare';
import type { Logger } from '@dp/log';
import { childPids, cpuMillis, externalPort, processName, residentBytes } from '@dp/metrics';
import { readCapped } from './read-capped';
import { SANDBOX_SECRET_HEADER, sandboxModules } from './sandbox-entry';
import { SandboxError, type SandboxLimits, type SandboxRequest, type SandboxResponse } from './sandbox-types';

/** The runtime the official CLI builds and runs integrations for (its `gitbook dev` uses the same). */
const COMPATIBILITY = { compatibilityDate: '2025-05-25', compatibilityFlags: ['nodejs_compat'] };
/** How often the process's memory and CPU are read, for its whole life. */
const WATCH_MS = 50;
/** After its last invocation, the process may finish up (collect garbage) before its CPU counts as left-over work. */
const IDLE_GRACE_MS = 500;
/** The idle CPU budget is per window of this length: a long-idle process's own housekeeping never adds up to it. */
const IDLE_WINDOW_MS = 10_000;

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);

/**
 * One sandbox: a workerd process running one integration version's script (docs/adr/0043, 0057). Every
 * invocation lasts from dispatch to the end of its answer's body, which the entry module holds open until the
 * script's `ctx.waitUntil` work has settled, all within one deadline; the process's memory is read for its
 * whole life. Past the deadline or the memory limit, or when the process uses CPU (past a budget per 10 s)
 * or fetches while none of its invocations runs (work the script hid from its ctx), the process is ended, with every call still on
 * it: nothing the script started outlives it, and the pool starts a new one for the next call.
 */
export class SandboxProcess {
  /** The secret the entry module asks of every request: only this runtime can call the sandbox. */
  private readonly secret = randomBytes(32).toString('hex');
  /** How to fail each invocation running now. */
  private readonly running = new Set<(err: SandboxError) => void>();
  private miniflare: Miniflare | undefined;
  private pid: number | undefined;
  private watch: NodeJS.Timeout | undefined;
  private idleSince = Date.now();
  private idleCpuMs = 0;
  private idleWindowStart = 0;
  private lastCpuMs: number | undefined;
  private ended: Promise<void> | undefined;
  /** The sockets the process listens or is called back on: refused to every script's fetch. */
  ports: number[] = [];

  constructor(
    readonly key: string,
    private readonly limits: SandboxLimits,
    /** The script's own fetches, while one of its invocations runs. */
    private readonly outbound: (request: ScriptRequest) => Promise<ScriptResponse>,
    private readonly log: Logger,
    /** Told once when the process ends, whatever ended it. */
    private readonly onEnd: (sandbox: SandboxProcess) => void,
  ) {}

  /** Starts the process with the script; a script that does not load within the time limit is a failed start. */
  async start(script: string): Promise<void> {
    // miniflare (about 0.4 s of module loading) loads with the first script run, not with every process.
    const { Miniflare } = await import('miniflare');
    const before = new Set(childPids());
    const miniflare = new Miniflare({
      ...sandboxModules(script, this.secret),
      ...COMPATIBILITY,
      outboundService: (request) => this.fetchOut(request),
      // What the script prints goes to this process's log (debug), tagged with its sandbox, not to stdout.
      handleRuntimeStdio: (stdout, stderr) => {
        for (const stream of [stdout, stderr]) {
          createInterface({ input: stream }).on('line', (line) => this.log.debug({ sandbox: this.key, line }, 'integration script output'));
        }
      },
    });
    this.miniflare = miniflare;
    let timer: NodeJS.Timeout | undefined;
    try {
      const loadLimit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`it did not load within ${this.limits.timeMs} ms`)), this.limits.timeMs);
      });
      const entry = await Promise.race([miniflare.ready, loadLimit]);
      // The process that appeared is this sandbox's (starts are serialized by the pool).
      this.pid = childPids().find((pid) => !before.has(pid) && processName(pid) === 'workerd');
      const loopback = this.pid === undefined ? undefined : externalPort(this.pid, 'loopback');
      this.ports = [Number(entry.port), ...(loopback === undefined ? [] : [loopback])];
    } catch (err) {
      await this.end();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    this.watch = setInterval(() => this.check(), WATCH_MS);
    this.watch.unref();
  }

  /** One invocation, its answer read within the byte cap; a limit passed ends the process and fails the call. */
  async invoke(request: SandboxRequest): Promise<SandboxResponse> {
    const miniflare = this.miniflare;
    if (!miniflare || this.ended) throw new SandboxError('START', 'the integration sandbox has ended');
    let fail: (err: SandboxError) => void = () => undefined;
    const failed = new Promise<never>((_, reject) => (fail = reject));
    failed.catch(() => undefined);
    this.running.add(fail);
    const { timeMs, maxResponseBytes } = this.limits;
    const deadline = setTimeout(
      () => void this.end(new SandboxError('TIMEOUT', `the integration script did not finish within ${timeMs} ms (its answer and the work it handed to ctx.waitUntil)`)),
      timeMs,
    );
    try {
      const headers = { ...request.headers, [SANDBOX_SECRET_HEADER]: this.secret };
      const res = await Promise.race([miniflare.dispatchFetch(request.url, { method: request.method, headers, body: request.method === 'GET' ? undefined : request.body }), failed]);
      const declared = Number(res.headers.get('content-length') ?? undefined);
      const body = declared > maxResponseBytes ? undefined : await Promise.race([readCapped(res.body, maxResponseBytes), failed]);
      if (body === undefined) {
        await res.body?.cancel().catch(() => undefined);
        throw new SandboxError('TOO_LARGE', `the integration script answered more than ${maxResponseBytes} bytes: its answer was cut off and its sandbox ended`);
      }
      return { status: res.status, headers: Object.fromEntries(res.headers), body };
    } catch (err) {
      const failure = err instanceof SandboxError ? err : new SandboxError('SCRIPT', `the integration script's process failed: ${firstLine(err)}`);
      await this.end(failure);
      throw failure;
    } finally {
      clearTimeout(deadline);
      this.running.delete(fail);
      if (!this.running.size) {
        this.idleSince = Date.now();
        this.idleWindowStart = this.idleSince + IDLE_GRACE_MS;
        this.idleCpuMs = 0;
      }
    }
  }

  /** Ends the process; with a reason, every invocation still on it fails with it. Safe to call again. */
  end(reason?: SandboxError): Promise<void> {
    if (this.ended) return this.ended;
    clearInterval(this.watch);
    if (reason) {
      this.log.warn({ sandbox: this.key, reason: reason.reason, detail: reason.message }, 'integration sandbox ended: its process is stopped');
      for (const fail of this.running) fail(reason);
    }
    this.onEnd(this);
    this.ended = (this.miniflare?.dispose() ?? Promise.resolve()).catch(() => undefined);
    return this.ended;
  }

  /** The script's fetch: through the guarded client while an invocation runs; otherwise refused, and the process ended. */
  private async fetchOut(request: ScriptRequest): Promise<ScriptResponse> {
    if (this.running.size) return this.outbound(request);
    void this.end(new SandboxError('TIMEOUT', 'the integration script fetched after its invocations had ended'));
    await readCapped(request.body, 0, 'drain').catch(() => undefined);
    const { Response } = await import('miniflare');
    return new Response('outbound request refused: no invocation of this integration is running', { status: 502 });
  }

  /** The watch: memory over the whole life; CPU once no invocation runs (past a short grace). */
  private check(): void {
    if (this.pid === undefined) return;
    const bytes = residentBytes(this.pid);
    if (bytes === undefined) return void this.end(new SandboxError('SCRIPT', "the integration script's process ended"));
    if (bytes > this.limits.memoryBytes) {
      return void this.end(new SandboxError('MEMORY', `the integration script used more than ${Math.round(this.limits.memoryBytes / 1048576)} MB of memory`));
    }
    const cpu = cpuMillis(this.pid);
    const used = cpu !== undefined && this.lastCpuMs !== undefined ? cpu - this.lastCpuMs : 0;
    this.lastCpuMs = cpu;
    const now = Date.now();
    if (this.running.size || now - this.idleSince < IDLE_GRACE_MS) return;
    if (now - this.idleWindowStart > IDLE_WINDOW_MS) {
      this.idleWindowStart = now;
      this.idleCpuMs = 0;
    }
    this.idleCpuMs += used;
    if (this.idleCpuMs > this.limits.idleCpuMs) {
      void this.end(new SandboxError('TIMEOUT', `work the integration script left running after its invocations used more than ${this.limits.idleCpuMs} ms of CPU`));
    }
  }
}
