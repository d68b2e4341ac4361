import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SpecLimitExceeded } from '../domain/processing-error';
import type { LoadedSpec, SpecLimits, SpecSourceInput } from '../commands/load-spec';
import type { VersionRow } from '../data/versions';
import type { ParentMessage, SpecTask, ThreadMessage } from './spec-thread';

/** What one spec thread may take (docs/adr/0058). */
export interface ThreadLimits {
  /** Computing time of one task; waiting for its fetches does not count. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation). */
  memoryMb: number;
  /** Threads this process runs at once; more tasks wait their turn. */
  concurrency: number;
}

/**
 * The thread itself failed (it could not start, or crashed): not the spec's fault, and the reason (which may name
 * the server's files) is kept in `cause` for the log, out of the message a tenant reads.
 */
export class SpecThreadFailed extends Error {
  constructor(cause: unknown) {
    super('The specification could not be processed: its worker thread failed; try again later', { cause });
    this.name = 'SpecThreadFailed';
  }
}

/** Fetches one file of a spec for its thread; `asWritten` is the $ref as the spec wrote it, for a refusal to name. */
export type ThreadRead = (url: string, asWritten?: string) => Promise<Uint8Array>;

// The thread runs this module's sibling; from TypeScript sources (tests, `tsx`) it registers tsx in the thread first.
const ext = path.extname(__filename);
const entry = path.join(__dirname, `spec-thread${ext}`);
const bootstrap = ext === '.ts' ? `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();\nrequire(${JSON.stringify(entry)});` : `require(${JSON.stringify(entry)});`;

/**
 * Runs spec tasks (threads/spec-thread.ts) each in a fresh worker thread with a heap limit and a deadline after which
 * it is terminated: a spec that costs too much ends in a `SpecLimitExceeded` naming the limit, and the event loop of
 * the api or worker that asked goes on serving others meanwhile. At most `concurrency` threads at once per instance.
 */
export function specThreads(limits: ThreadLimits) {
  const queue: (() => void)[] = [];
  let running = 0;
  async function turn<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      queue.shift()?.();
    }
  }
  return {
    /** Fetches (through `read`), parses and validates a spec: its files as stored and their hash. */
    async load(source: SpecSourceInput, specLimits: SpecLimits, read: ThreadRead): Promise<LoadedSpec> {
      const value = await turn(() => runThread({ kind: 'load', source, limits: specLimits }, limits, read));
      if (typeof value === 'string') throw new Error('a spec thread answered a load with text');
      return value;
    },
    /** A stored version as one bundled document, as JSON or YAML text. */
    async bundle(version: Pick<VersionRow, 'filesystem' | 'source_url'>, format: 'json' | 'yaml', maxAliases: number): Promise<string> {
      const value = await turn(() => runThread({ kind: 'bundle', version, format, maxAliases }, limits));
      if (typeof value !== 'string') throw new Error('a spec thread answered a bundle with files');
      return value;
    },
  };
}

export type SpecThreads = ReturnType<typeof specThreads>;

function runThread(task: SpecTask, limits: ThreadLimits, read?: ThreadRead): Promise<LoadedSpec | string> {
  return new Promise((resolve, reject) => {
    // The parent's flags are not passed on: the thread needs none, and some are refused in threads.
    const worker = new Worker(bootstrap, { eval: true, execArgv: [], workerData: task, resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb } });
    worker.unref();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    // The deadline counts computing time only: it stops while a fetch is awaited and resumes with what is left.
    let spent = 0;
    let since = Date.now();
    let fetching = 0;
    let deadline = setTimeout(expire, limits.timeoutMs);
    function expire() {
      finish(() => reject(new SpecLimitExceeded(`Processing the specification took more than ${limits.timeoutMs} ms of computing, the limit per specification`)));
    }
    const post = (msg: ParentMessage) => {
      if (!settled) worker.postMessage(msg);
    };
    async function fetchFor(msg: Extract<ThreadMessage, { type: 'read' }>) {
      if (fetching++ === 0) {
        clearTimeout(deadline);
        spent += Date.now() - since;
      }
      try {
        if (!read) throw new Error(`${msg.url} cannot be read here`);
        post({ type: 'file', id: msg.id, data: await read(msg.url, msg.asWritten) });
      } catch (err) {
        post({ type: 'unreadable', id: msg.id, message: err instanceof Error ? err.message : String(err) });
      } finally {
        if (--fetching === 0 && !settled) {
          since = Date.now();
          deadline = setTimeout(expire, Math.max(0, limits.timeoutMs - spent));
        }
      }
    }
    worker.on('message', (msg: ThreadMessage) => {
      if (msg.type === 'read') void fetchFor(msg);
      else if (msg.type === 'done') finish(() => resolve(msg.value));
      else finish(() => reject(new Error(msg.message)));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(() => reject(new SpecLimitExceeded(`Processing the specification needed more than ${limits.memoryMb} MB of memory, the limit per specification`)));
      else finish(() => reject(new SpecThreadFailed(err)));
    });
    worker.on('exit', (code) => finish(() => reject(new SpecThreadFailed(new Error(`exit code ${code}`)))));
  });
}
