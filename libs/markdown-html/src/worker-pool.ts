import { extname } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads for CPU work that must not hold the event loop (docs/adr/0059): under
 * `npm start` the gateway and every service share one loop, and any replica serves many tenants. Each thread
 * runs one task at a time; a task gets `deadlineMs` of a thread, after which the thread is terminated (its
 * work cannot be interrupted otherwise) and replaced by the next task that needs one. Threads have a heap
 * cap (`memoryMb`), are started when first needed, stop after `idleMs` without work and never keep the
 * process alive. Past `maxQueue` waiting tasks, a task is refused at once ('busy') rather than queued.
 * The task module calls `serveTasks` (./worker-serve.ts). Generic: nothing here knows about markdown.
 */
export interface WorkerPoolOptions<R> {
  /** Absolute path of the task module: its `.ts` source (tsx, jest) or its built `.js`. */
  module: string;
  threads: number;
  deadlineMs: number;
  memoryMb: number;
  maxQueue: number;
  idleMs?: number;
  /** The task module's answer as callers get it; throws when it is not one (then the task 'failed'). */
  accept: (value: unknown) => R;
}

export type PoolOutcome<R> = { ok: true; value: R } | { ok: false; reason: 'deadline' | 'busy' | 'crashed' | 'failed'; message: string };

/** What a thread posts: once 'ready' after loading the module, then one answer per task. */
export type ThreadMessage = { ready: true } | { id: number; ok: true; value: unknown } | { id: number; ok: false; message: string };

interface Job {
  id: number;
  task: unknown;
  settle: (outcome: PoolOutcome<unknown>) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  job?: { job: Job; timer: NodeJS.Timeout };
  idle?: NodeJS.Timeout;
}

const DEFAULT_IDLE_MS = 30_000;

export class WorkerPool<T, R> {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions<R>) {}

  run(task: T): Promise<PoolOutcome<R>> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'crashed', message: 'the worker pool is closed' });
    if (this.queue.length >= this.options.maxQueue) return Promise.resolve({ ok: false, reason: 'busy', message: `more than ${this.options.maxQueue} tasks wait for a thread` });
    return new Promise<PoolOutcome<unknown>>((settle) => {
      this.queue.push({ id: this.nextId++, task, settle });
      this.dispatch();
    }).then((outcome) => this.accepted(outcome));
  }

  /** Terminates every thread; tasks still waiting or running end as 'crashed'. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.settle({ ok: false, reason: 'crashed', message: 'the worker pool is closed' });
    await Promise.all([...this.threads].map((thread) => this.retire(thread, { ok: false, reason: 'crashed', message: 'the worker pool is closed' })));
  }

  private accepted(outcome: PoolOutcome<unknown>): PoolOutcome<R> {
    if (!outcome.ok) return outcome;
    try {
      return { ok: true, value: this.options.accept(outcome.value) };
    } catch (err) {
      return { ok: false, reason: 'failed', message: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Hands waiting tasks to ready idle threads, starting threads (up to the size) while tasks wait. */
  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.ready && !thread.job) this.start(thread, this.queue.shift()!);
    }
    const starting = [...this.threads].filter((t) => !t.ready).length;
    while (!this.closed && this.threads.size < this.options.threads && this.queue.length > starting) this.spawn();
  }

  private start(thread: Thread, job: Job): void {
    clearTimeout(thread.idle);
    const timer = setTimeout(() => void this.retire(thread, { ok: false, reason: 'deadline', message: `the task ran past its ${this.options.deadlineMs} ms` }), this.options.deadlineMs);
    thread.job = { job, timer };
    thread.worker.postMessage({ id: job.id, task: job.task });
  }

  private spawn(): void {
    const worker = threadOf(this.options.module, { maxOldGenerationSizeMb: this.options.memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.ceil(this.options.memoryMb / 8)), stackSizeMb: 4 });
    worker.unref();
    const thread: Thread = { worker, ready: false };
    this.threads.add(thread);
    worker.on('message', (message: ThreadMessage) => this.heard(thread, message));
    // A heap past its cap, an uncaught error, an exit: the thread is gone, its task ends as 'crashed'.
    worker.on('error', (err) => void this.retire(thread, { ok: false, reason: 'crashed', message: err.message }));
    worker.on('exit', (code) => void this.retire(thread, { ok: false, reason: 'crashed', message: `the thread exited (${code})` }));
  }

  private heard(thread: Thread, message: ThreadMessage): void {
    if ('ready' in message) {
      thread.ready = true;
    } else {
      const running = thread.job;
      if (!running || running.job.id !== message.id) return;
      clearTimeout(running.timer);
      thread.job = undefined;
      running.job.settle(message.ok ? { ok: true, value: message.value } : { ok: false, reason: 'failed', message: message.message });
    }
    this.dispatch();
    if (!thread.job) thread.idle = setTimeout(() => void this.retire(thread), this.options.idleMs ?? DEFAULT_IDLE_MS).unref();
  }

  /** Takes a thread out of the pool and terminates it; its task, if any, ends with `outcome`. */
  private async retire(thread: Thread, outcome?: PoolOutcome<unknown>): Promise<void> {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idle);
    if (thread.job) {
      clearTimeout(thread.job.timer);
      if (outcome) thread.job.job.settle(outcome);
      thread.job = undefined;
    }
    // A thread that died before it was ready cannot load the module (or not in its heap): starting another at
    // once would fail the same way, so the waiting tasks end with it; the next task tries a new thread.
    if (!thread.ready && outcome) for (const job of this.queue.splice(0)) job.settle(outcome);
    this.dispatch();
    await thread.worker.terminate();
  }
}

/**
 * A thread running `module`. Under tsx (`npm start`, the image) and jest (@swc/jest) the module is TypeScript,
 * which a thread of Node 20 cannot load by itself: tsx's require hook is registered in the thread first. The
 * parent's flags are not passed on (execArgv: []): the thread needs none, and some are refused in threads.
 */
function threadOf(module: string, resourceLimits: NonNullable<ConstructorParameters<typeof Worker>[1]>['resourceLimits']): Worker {
  const options = { resourceLimits, execArgv: [] };
  if (extname(module) !== '.ts') return new Worker(module, options);
  const tsx = require.resolve('tsx/cjs/api');
  return new Worker(`require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(module)});`, { ...options, eval: true });
}
