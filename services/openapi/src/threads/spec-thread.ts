import { parentPort, workerData } from 'node:worker_threads';
import { stringify } from 'yaml';
import { bundleVersion } from '../commands/bundle-version';
import { loadSpec, type LoadedSpec, type SpecLimits, type SpecSourceInput } from '../commands/load-spec';
import { TEXT_ROOT_PATH } from '../commands/spec-parser';
import type { VersionRow } from '../data/versions';
import { parseSpecText } from '../domain/spec-yaml';
import { writtenRefs } from '../domain/written-refs';

/** What a spec thread is asked to do: process a spec's source, or bundle a stored version for serving. */
export type SpecTask =
  | { kind: 'load'; source: SpecSourceInput; limits: SpecLimits }
  | { kind: 'bundle'; version: Pick<VersionRow, 'filesystem' | 'source_url'>; format: 'json' | 'yaml'; maxAliases: number };

/** Thread -> parent: a file to fetch (with the $ref as the spec wrote it, for a refusal to name), the answer, or why it failed. */
export type ThreadMessage = { type: 'read'; id: number; url: string; asWritten?: string } | { type: 'done'; value: LoadedSpec | string } | { type: 'failed'; message: string };
/** Parent -> thread: a fetched file, or why it cannot be read. */
export type ParentMessage = { type: 'file'; id: number; data: Uint8Array } | { type: 'unreadable'; id: number; message: string };

/**
 * The body of a spec worker thread (threads/spec-threads.ts starts one per task, docs/adr/0058): the parsing,
 * validating and bundling whose cost grows with what a tenant wrote happen here, never on the event loop that
 * serves requests and consumes events. Files are fetched by the parent (the guarded outbound client, its limits
 * and its first failure stay there); the deadline does not run while a fetch is awaited.
 */
function main(port: NonNullable<typeof parentPort>, task: SpecTask): void {
  const waiting = new Map<number, { resolve: (data: Uint8Array) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  port.on('message', (msg: ParentMessage) => {
    const request = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.type === 'file') request?.resolve(msg.data);
    else request?.reject(new Error(msg.message));
  });
  const post = (msg: ThreadMessage) => port.postMessage(msg);
  run(task, (url, asWritten) =>
    new Promise<Uint8Array>((resolve, reject) => {
      const id = ++nextId;
      waiting.set(id, { resolve, reject });
      post({ type: 'read', id, url, asWritten });
    }),
  ).then(
    (value) => post({ type: 'done', value }),
    (err: unknown) => post({ type: 'failed', message: err instanceof Error ? err.message : String(err) }),
  );
}

async function run(task: SpecTask, fetchFile: (url: string, asWritten?: string) => Promise<Uint8Array>): Promise<LoadedSpec | string> {
  if (task.kind === 'bundle') {
    const document = await bundleVersion(task.version, task.maxAliases);
    return task.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
  }
  const { source, limits } = task;
  // Only a text source's root can reach a local path (its relative $refs), to be refused: name those as written.
  // Its $refs are collected (its text parsed again) only then, which is rare.
  let asWritten: Map<string, string> | undefined;
  const writtenAs = (url: string) => {
    if (!('text' in source) || /^https?:\/\//i.test(url)) return undefined;
    asWritten ??= writtenRefs(parseSpecText(source.text, limits.maxAliases), TEXT_ROOT_PATH);
    return asWritten.get(url);
  };
  return loadSpec(source, (url) => fetchFile(url, writtenAs(url)), limits);
}

if (parentPort) main(parentPort, workerData);
