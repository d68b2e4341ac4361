import { createThreads, siblingModule, type ThreadOutcome } from '@dp/threads';
import { SpecLimitExceeded } from '../domain/processing-error';
import type { LoadedSpec, SpecLimits, SpecSourceInput } from '../commands/load-spec';
import type { VersionRow } from '../data/versions';
import type { SpecViews } from '../domain/operation-views';
import type { specTask } from './spec-thread';

/** What one spec thread may take (docs/adr/0058). */
export interface ThreadLimits {
  /** Computing time of one task; waiting for its fetches does not count. */
  timeoutMs: number;
  /** The thread's V8 heap (old generation). */
  memoryMb: number;
  /** Threads this process runs at once; more tasks wait their turn. */
  concurrency: number;
  /** Tasks that may wait for a thread; one more is refused (SpecThreadsBusy). */
  queue: number;
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

/** Every thread is taken and `queue` tasks already wait: not the spec's fault, try again later. */
export class SpecThreadsBusy extends Error {
  constructor(queue: number) {
    super(`Too many specifications are being processed or prepared (${queue} waiting): try again later`);
    this.name = 'SpecThreadsBusy';
  }
}

/** Fetches one file of a spec for its thread; `asWritten` is the $ref as the spec wrote it, for a refusal to name. */
export type ThreadRead = (url: string, asWritten?: string) => Promise<Uint8Array>;

/**
 * Runs spec tasks (threads/spec-thread.ts) on @dp/threads (docs/adr/0063), each in a fresh thread (nothing of one
 * tenant's spec is left for the next) with a heap limit and a deadline after which it is terminated: a spec that
 * costs too much ends in a `SpecLimitExceeded` naming the limit, and the event loop of the api or worker that asked
 * goes on serving others meanwhile. At most `concurrency` threads at once per instance, `queue` more waiting.
 */
export function specThreads(limits: ThreadLimits) {
  const threads = createThreads<typeof specTask>({
    module: siblingModule(__filename, 'spec-thread'),
    threads: limits.concurrency,
    maxQueue: limits.queue,
    deadlineMs: limits.timeoutMs,
    memoryMb: limits.memoryMb,
    asksPauseDeadline: true,
    threadPerTask: true,
  });
  return {
    /** Fetches (through `read`), parses and validates a spec: its files as stored and their hash. */
    async load(source: SpecSourceInput, specLimits: SpecLimits, read: ThreadRead): Promise<LoadedSpec> {
      const value = valueOf(await threads.run({ kind: 'load', source, limits: specLimits }, (file) => read(file.url, file.asWritten)), limits);
      if (typeof value === 'string' || 'views' in value) throw new Error('a spec thread answered a load with something else');
      return value;
    },
    /** A stored version as one bundled document, as JSON or YAML text. */
    async bundle(version: Pick<VersionRow, 'filesystem' | 'source_url'>, format: 'json' | 'yaml', maxAliases: number): Promise<string> {
      const value = valueOf(await threads.run({ kind: 'bundle', version, format, maxAliases }), limits);
      if (typeof value !== 'string') throw new Error('a spec thread answered a bundle with files');
      return value;
    },
    /** A stored version's operations (by `METHOD path`) and schemas (by name) as published pages show them (docs/adr/0083). */
    async operations(version: Pick<VersionRow, 'filesystem' | 'source_url'>, maxAliases: number): Promise<SpecViews> {
      const value = valueOf(await threads.run({ kind: 'operations', version, maxAliases }), limits);
      if (typeof value === 'string' || !('views' in value)) throw new Error('a spec thread answered operations with something else');
      return value.views;
    },
    /** Ends the threads (a task under way ends as failed). */
    close: () => threads.close(),
  };
}

export type SpecThreads = ReturnType<typeof specThreads>;

/** A thread's outcome as the service reads it: past a limit names it, a failure of the spec is its message. */
function valueOf<T>(outcome: ThreadOutcome<T>, limits: ThreadLimits): T {
  if (outcome.ok) return outcome.value;
  switch (outcome.reason) {
    case 'deadline':
      throw new SpecLimitExceeded(`Processing the specification took more than ${limits.timeoutMs} ms of computing, the limit per specification`);
    case 'memory':
      throw new SpecLimitExceeded(`Processing the specification needed more than ${limits.memoryMb} MB of memory, the limit per specification`);
    case 'busy':
      throw new SpecThreadsBusy(limits.queue);
    case 'failed':
      throw new Error(outcome.message);
    default:
      throw new SpecThreadFailed(new Error(outcome.message));
  }
}
