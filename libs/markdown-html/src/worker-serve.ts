import { parentPort } from 'node:worker_threads';
import type { ThreadMessage } from './worker-pool';

/**
 * The thread side of WorkerPool (./worker-pool.ts): answers each task posted to this thread with `handle`'s
 * value (or its error's message), then says it is ready. Called once by a task module, at its top level.
 */
export function serveTasks(handle: (task: unknown) => unknown): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  const post = (message: ThreadMessage) => port.postMessage(message);
  port.on('message', (message: { id: number; task: unknown }) => {
    try {
      post({ id: message.id, ok: true, value: handle(message.task) });
    } catch (err) {
      post({ id: message.id, ok: false, message: err instanceof Error ? err.message : String(err) });
    }
  });
  post({ ready: true });
}
