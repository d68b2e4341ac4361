import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Logger } from '@dp/log';
import { SandboxProcess } from './sandbox-process';
import { SandboxError, type OutboundFetch, type SandboxLimits, type SandboxRequest, type SandboxResponse } from './sandbox-types';

export { SandboxError, type OutboundFetch, type SandboxFailure, type SandboxLimits, type SandboxRequest, type SandboxResponse } from './sandbox-types';

/** A sandbox being started or started: a failed start rejects, and its entry is dropped. */
type Pooled = Promise<SandboxProcess>;

const endOf = (pooled: Pooled) => pooled.then((sandbox) => sandbox.end()).catch(() => undefined);

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
 * and no environment (no bindings); its `fetch` goes to `outbound`, which applies the SSRF guard and refuses
 * the platform's ports and every sandbox's sockets (docs/adr/0057). Each process enforces the limits of its
 * invocations (`sandbox-process.ts`): a process that passes one is ended with its calls, other integrations'
 * sandboxes are not touched, and the next call starts a new one.
 */
export class ScriptSandboxes {
  private readonly pool: LRUCache<string, Pooled>;
  /** Started and not ended: whose sockets scripts' fetches refuse. */
  private readonly live = new Set<SandboxProcess>();
  /** Once closed (the process stops), no sandbox is started again. */
  private closed = false;

  constructor(
    private readonly limits: SandboxLimits,
    private readonly outbound: OutboundFetch,
    private readonly log: Logger,
  ) {
    tieSandboxesToThisProcess(log);
    this.pool = new LRUCache<string, Pooled>({ max: limits.maxSandboxes, dispose: (pooled) => void endOf(pooled) });
  }

  async call(key: string, script: string, request: SandboxRequest): Promise<SandboxResponse> {
    if (this.closed) throw new SandboxError('START', 'the integration sandboxes are closed: this process is stopping');
    let sandbox: SandboxProcess;
    try {
      sandbox = await this.sandboxFor(key, script);
    } catch (err) {
      this.pool.delete(key);
      throw new SandboxError('START', `the integration script could not be loaded: ${firstLine(err)}`);
    }
    return sandbox.invoke(request);
  }

  /** The ports scripts may not fetch, whatever OUTBOUND_ALLOW says: the platform's and every live sandbox's. */
  refusedPorts(): ReadonlySet<number> {
    return new Set([...this.limits.platformPorts, ...[...this.live].flatMap((sandbox) => sandbox.ports)]);
  }

  /** Ends every sandbox process (the api or worker stops). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.pool.values()];
    this.pool.clear();
    await Promise.all(all.map(endOf));
  }

  private sandboxFor(key: string, script: string): Pooled {
    const existing = this.pool.get(key);
    if (existing) return existing;
    const sandbox = new SandboxProcess(key, this.limits, (request) => this.outbound(request, this.refusedPorts()), this.log, (ended) => {
      this.live.delete(ended);
      if (this.pool.peek(key) === pooled) this.pool.delete(key);
    });
    const pooled: Pooled = starting.then(async () => {
      await sandbox.start(script);
      this.live.add(sandbox);
      return sandbox;
    });
    starting = pooled.catch(() => undefined);
    this.pool.set(key, pooled);
    return pooled;
  }
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 500);
