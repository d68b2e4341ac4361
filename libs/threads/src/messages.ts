/**
 * What a task thread and its parent say to each other (./threads.ts, ./task.ts). `task` numbers a task within
 * its thread's life, so that a late message of a task that ended (past its deadline, say) is recognised.
 */

/** Thread -> parent: loaded and ready, a question for the parent, the task's value or why it failed. */
export type ThreadMessage<O, Q> =
  | { type: 'ready' }
  | { type: 'ask'; task: number; ask: number; question: Q }
  | { type: 'done'; task: number; value: O }
  | { type: 'failed'; task: number; message: string };

/** Parent -> thread: a task to run, or the answer to one of its questions. */
export type ParentMessage<I, A> =
  | { type: 'run'; task: number; input: I }
  | { type: 'answer'; task: number; ask: number; ok: true; value: A }
  | { type: 'answer'; task: number; ask: number; ok: false; message: string };

/** Set in the workerData of the threads createThreads starts: only there does a task module serve its task. */
export const THREAD_MARK = 'dp.threads';

/** Set on the thread's global once a module has called threadTask: a module that never does fails at load. */
export const SERVED = Symbol.for('dp.threads.served');
