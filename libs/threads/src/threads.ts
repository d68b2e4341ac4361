import type { Worker } from 'node:worker_threads';
import type { ParentMessage, ThreadMessage } from './messages';
import { startThread } from './spawn';
import type { TaskTypes, ThreadTask } from './task';

/**
 * CPU work that must not hold the event loop (under `npm start` every process shares one; a replica serves many
 * tenants), on worker threads within limits (docs/adr/0063): `threads` at once, `busy` past `maxQueue` waiting,
 * `deadlineMs` from when a ready thread takes a task (then the thread is terminated, the only way to stop
 * synchronous work), a heap cap, threads kept until `idleMs` or fresh per task (`threadPerTask`: nothing of one
 * tenant's task is left for the next). The rules in full: docs/design/worker-threads.md.
 */
export interface ThreadsOptions {
  /** Absolute path of the task module (siblingModule): its `.ts` source or its built `.js`. */
  module: string;
  threads: number;
  maxQueue: number;
  deadlineMs: number;
  memoryMb: number;
  /** The deadline stops while the task waits for its parent's answers (a fetch has a timeout of its own). */
  asksPauseDeadline?: boolean;
  threadPerTask?: boolean;
  idleMs?: number;
}

/** Why a task has no value: refused (queue full), past its deadline or heap, its thread died, it threw, or the threads were closed. */
export type ThreadFailure = 'busy' | 'deadline' | 'memory' | 'crashed' | 'failed' | 'closed';

export type ThreadOutcome<O> = { ok: true; value: O } | { ok: false; reason: ThreadFailure; message: string };

type AnyTask = ThreadTask<unknown, unknown, unknown, unknown>;

/** The parent's answer to the questions of a task (e.g. fetching a file); what it throws is the thread's rejection. */
export type Answer<T extends AnyTask> = (question: TaskTypes<T>['question']) => Promise<TaskTypes<T>['answer']>;

export interface Threads<T extends AnyTask> {
  run(input: TaskTypes<T>['input'], answer?: Answer<T>): Promise<ThreadOutcome<TaskTypes<T>['output']>>;
  /** Terminates every thread; tasks still waiting or running end as 'closed'. */
  close(): Promise<void>;
}

const DEFAULT_IDLE_MS = 30_000;

export function createThreads<T extends AnyTask>(options: ThreadsOptions): Threads<T> {
  return new ThreadSet<TaskTypes<T>['input'], TaskTypes<T>['output'], TaskTypes<T>['question'], TaskTypes<T>['answer']>(options);
}

interface Job<I, O, Q, A> {
  input: I;
  answer?: (question: Q) => Promise<A>;
  settle: (outcome: ThreadOutcome<O>) => void;
}

interface Running<I, O, Q, A> {
  id: number;
  job: Job<I, O, Q, A>;
  timer?: NodeJS.Timeout;
  /** Computing time spent before the current stretch, when it began, and questions awaiting an answer. */
  spent: number;
  since: number;
  asking: number;
}

interface Thread<I, O, Q, A> {
  worker: Worker;
  ready: boolean;
  running?: Running<I, O, Q, A>;
  idle?: NodeJS.Timeout;
  tasks: number;
}

class ThreadSet<I, O, Q, A> {
  private readonly threads = new Set<Thread<I, O, Q, A>>();
  private readonly queue: Job<I, O, Q, A>[] = [];
  private closed = false;

  constructor(private readonly options: ThreadsOptions) {}

  run(input: I, answer?: (question: Q) => Promise<A>): Promise<ThreadOutcome<O>> {
    if (this.closed) return Promise.resolve({ ok: false, reason: 'closed', message: 'the threads are closed' });
    // Waiting: tasks no thread will take before one of the running tasks ends (a starting thread takes one).
    const free = this.options.threads - [...this.threads].filter((t) => t.running).length;
    if (this.queue.length - free >= this.options.maxQueue) return Promise.resolve({ ok: false, reason: 'busy', message: `more than ${this.options.maxQueue} tasks wait for a thread` });
    return new Promise((settle) => {
      this.queue.push({ input, answer, settle });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const outcome: ThreadOutcome<O> = { ok: false, reason: 'closed', message: 'the threads are closed' };
    for (const job of this.queue.splice(0)) job.settle(outcome);
    await Promise.all([...this.threads].map((thread) => this.retire(thread, outcome)));
  }

  /** Hands waiting tasks to ready idle threads, starting threads (up to `threads`) while tasks wait. */
  private dispatch(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.ready && !thread.running) this.start(thread, this.queue.shift()!);
    }
    const starting = [...this.threads].filter((t) => !t.ready).length;
    while (!this.closed && this.threads.size < this.options.threads && this.queue.length > starting) this.spawn();
  }

  private start(thread: Thread<I, O, Q, A>, job: Job<I, O, Q, A>): void {
    clearTimeout(thread.idle);
    const running: Running<I, O, Q, A> = { id: ++thread.tasks, job, spent: 0, since: Date.now(), asking: 0 };
    thread.running = running;
    this.arm(thread, running);
    this.post(thread, { type: 'run', task: running.id, input: job.input });
  }

  /** Starts (or resumes) the deadline with what is left of it. */
  private arm(thread: Thread<I, O, Q, A>, running: Running<I, O, Q, A>): void {
    const left = Math.max(0, this.options.deadlineMs - running.spent);
    running.since = Date.now();
    running.timer = setTimeout(() => void this.retire(thread, { ok: false, reason: 'deadline', message: `the task ran past its ${this.options.deadlineMs} ms` }), left);
  }

  private spawn(): void {
    const worker = startThread(this.options.module, this.options.memoryMb);
    worker.unref();
    const thread: Thread<I, O, Q, A> = { worker, ready: false, tasks: 0 };
    this.threads.add(thread);
    worker.on('message', (message: ThreadMessage<O, Q>) => this.heard(thread, message));
    // A heap past its cap, an uncaught error, an exit: the thread is gone, its task ends with it.
    worker.on('error', (err: Error & { code?: string }) => {
      const memory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      void this.retire(thread, memory ? { ok: false, reason: 'memory', message: `the task needed more than ${this.options.memoryMb} MB of heap` } : { ok: false, reason: 'crashed', message: err.message });
    });
    worker.on('exit', (code) => void this.retire(thread, { ok: false, reason: 'crashed', message: `the thread exited (${code})` }));
  }

  private heard(thread: Thread<I, O, Q, A>, message: ThreadMessage<O, Q>): void {
    if (message.type === 'ready') {
      thread.ready = true;
      return this.dispatch();
    }
    const running = thread.running;
    if (!running || running.id !== message.task) return;
    if (message.type === 'ask') return void this.ask(thread, running, message.ask, message.question);
    clearTimeout(running.timer);
    thread.running = undefined;
    running.job.settle(message.type === 'done' ? { ok: true, value: message.value } : { ok: false, reason: 'failed', message: message.message });
    if (this.options.threadPerTask) return void this.retire(thread);
    thread.idle = setTimeout(() => void this.retire(thread), this.options.idleMs ?? DEFAULT_IDLE_MS).unref();
    this.dispatch();
  }

  /** The parent answers a question of the running task; with `asksPauseDeadline`, the deadline waits meanwhile. */
  private async ask(thread: Thread<I, O, Q, A>, running: Running<I, O, Q, A>, ask: number, question: Q): Promise<void> {
    const pause = this.options.asksPauseDeadline === true;
    if (pause && running.asking++ === 0) {
      clearTimeout(running.timer);
      running.spent += Date.now() - running.since;
    }
    let reply: ParentMessage<I, A>;
    try {
      if (!running.job.answer) throw new Error('nothing answers this task’s questions');
      reply = { type: 'answer', task: running.id, ask, ok: true, value: await running.job.answer(question) };
    } catch (err) {
      reply = { type: 'answer', task: running.id, ask, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    if (thread.running !== running) return; // ended meanwhile (closed, crashed)
    this.post(thread, reply);
    if (pause && --running.asking === 0) this.arm(thread, running);
  }

  private post(thread: Thread<I, O, Q, A>, message: ParentMessage<I, A>): void {
    thread.worker.postMessage(message);
  }

  /** Takes a thread out of the set and terminates it; its task, if any, ends with `outcome`. */
  private async retire(thread: Thread<I, O, Q, A>, outcome?: ThreadOutcome<O>): Promise<void> {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.idle);
    const running = thread.running;
    thread.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      if (outcome) running.job.settle(outcome);
    }
    // A thread that died before it was ready cannot load the module (or not in its heap): starting another at
    // once would fail the same way, so the waiting tasks end with it; the next task tries a new thread.
    if (!thread.ready && outcome) for (const job of this.queue.splice(0)) job.settle(outcome);
    this.dispatch();
    await thread.worker.terminate();
  }
}
