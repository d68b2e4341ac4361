import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { SERVED, THREAD_MARK, type ParentMessage, type ThreadMessage } from './messages';

declare const types: unique symbol;

/**
 * A task module's declaration (docs/adr/0063): what one task takes (I) and answers (O), and, for a task that asks
 * its parent something on the way (a file to fetch), the question (Q) and its answer (A). The parent names it by
 * type only (`createThreads<typeof myTask>`), so the module is loaded in the thread alone and its types flow.
 */
export interface ThreadTask<I, O, Q = never, A = never> {
  readonly [types]?: { input: I; output: O; question: Q; answer: A };
}

/** What a task declaration says: its input, output, question and answer types. */
export type TaskTypes<T> = T extends ThreadTask<infer I, infer O, infer Q, infer A> ? { input: I; output: O; question: Q; answer: A } : never;

/** How a task asks its parent: the parent's `answer` runs on the parent's loop; a throw there rejects here. */
export type Ask<Q, A> = (question: Q) => Promise<A>;

/**
 * Declares the task of a task module, called once at its top level: in a thread started by createThreads it
 * serves every task posted to it with `run` (synchronous or not), anywhere else it only declares the types.
 * `warm`: what the thread loads before it says it is ready (a failure is the first task's to meet), so that a
 * task's deadline, which starts when a ready thread takes it, does not pay for the thread's start.
 */
export function threadTask<I, O, Q = never, A = never>(run: (input: I, ask: Ask<Q, A>) => O | Promise<O>, options: { warm?: () => Promise<unknown> } = {}): ThreadTask<I, O, Q, A> {
  if (parentPort && typeof workerData === 'object' && workerData?.[THREAD_MARK] === true) serve(parentPort, run, options.warm);
  return {};
}

function serve<I, O, Q, A>(port: MessagePort, run: (input: I, ask: Ask<Q, A>) => O | Promise<O>, warm?: () => Promise<unknown>): void {
  const scope: Record<symbol, unknown> = globalThis;
  if (scope[SERVED]) throw new Error('a task thread serves one task: its module (or one it imports) declares two');
  scope[SERVED] = true;
  const post = (message: ThreadMessage<O, Q>) => port.postMessage(message);
  const asked = new Map<number, { resolve: (value: A) => void; reject: (err: Error) => void }>();
  let nextAsk = 0;
  const perform = async (task: number, input: I) => {
    const ask: Ask<Q, A> = (question) =>
      new Promise<A>((resolve, reject) => {
        const id = ++nextAsk;
        asked.set(id, { resolve, reject });
        post({ type: 'ask', task, ask: id, question });
      });
    try {
      // A value that cannot be cloned to the parent throws here too, and fails the task.
      post({ type: 'done', task, value: await run(input, ask) });
    } catch (err) {
      post({ type: 'failed', task, message: err instanceof Error ? err.message : String(err) });
    }
  };
  port.on('message', (message: ParentMessage<I, A>) => {
    if (message.type === 'run') return void perform(message.task, message.input);
    const waiting = asked.get(message.ask);
    asked.delete(message.ask);
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(new Error(message.message));
  });
  const ready = () => post({ type: 'ready' });
  if (warm) void warm().then(ready, ready);
  else ready();
}
