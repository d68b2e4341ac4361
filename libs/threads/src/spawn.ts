import { dirname, extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVED, THREAD_MARK } from './messages';

/**
 * The task module `name` next to `file` (the caller's `__filename`), as that file is: its `.ts` source under tsx
 * (`npm start`, the image) and @swc/jest, the `.js` next to it once built (`npm run build`, docs/adr/0059).
 */
export const siblingModule = (file: string, name: string): string => join(dirname(file), `${name}${extname(file)}`);

/**
 * A thread running `module`, with a heap cap. A thread of Node 20 cannot load TypeScript by itself, and the
 * workspaces' packages (@dp/*) are their `.ts` sources even for a built module: tsx's require hook (a production
 * dependency) is registered in the thread first. The parent's flags are not passed on (execArgv: []): the thread
 * needs none, and some are refused in threads. A module that declares no task fails the thread at load.
 */
export function startThread(module: string, memoryMb: number): Worker {
  const tsx = require.resolve('tsx/cjs/api');
  const code = [
    `require(${JSON.stringify(tsx)}).register();`,
    `require(${JSON.stringify(module)});`,
    `if (!globalThis[Symbol.for(${JSON.stringify(SERVED.description)})]) throw new Error(${JSON.stringify(`${module} declares no thread task`)});`,
  ].join('\n');
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.ceil(memoryMb / 8)), stackSizeMb: 4 };
  return new Worker(code, { eval: true, execArgv: [], workerData: { [THREAD_MARK]: true }, resourceLimits });
}
