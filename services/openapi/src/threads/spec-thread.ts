import { threadTask, type Ask } from '@dp/threads';
import { stringify } from 'yaml';
import { bundleVersion } from '../commands/bundle-version';
import { loadSpec, type LoadedSpec, type SpecLimits, type SpecSourceInput } from '../commands/load-spec';
import { TEXT_ROOT_PATH } from '../commands/spec-parser';
import type { VersionRow } from '../data/versions';
import { operationViews, schemaViews, type SpecViews } from '../domain/operation-views';
import { parseSpecText } from '../domain/spec-yaml';
import { writtenRefs } from '../domain/written-refs';

/** What a spec thread is asked to do: process a spec's source, bundle a stored version for serving, or read its operations for published pages. */
export type SpecTask =
  | { kind: 'load'; source: SpecSourceInput; limits: SpecLimits }
  | { kind: 'bundle'; version: Pick<VersionRow, 'filesystem' | 'source_url'>; format: 'json' | 'yaml'; maxAliases: number }
  | { kind: 'operations'; version: Pick<VersionRow, 'filesystem' | 'source_url'>; maxAliases: number };

/** A file a spec thread asks its parent to fetch, with the $ref as the spec wrote it (for a refusal to name). */
export interface FileWanted {
  url: string;
  asWritten?: string;
}

/**
 * The task of a spec worker thread (threads/spec-threads.ts runs each in a fresh thread, docs/adr/0058, 0063): the
 * parsing, validating and bundling whose cost grows with what a tenant wrote happen here, never on the event loop
 * that serves requests and consumes events. Files are fetched by the parent (the guarded outbound client, its
 * limits and its first failure stay there); the deadline does not run while a fetch is awaited.
 */
export const specTask = threadTask((task: SpecTask, fetchFile: Ask<FileWanted, Uint8Array>) => run(task, fetchFile));

async function run(task: SpecTask, fetchFile: Ask<FileWanted, Uint8Array>): Promise<LoadedSpec | string | { views: SpecViews }> {
  if (task.kind === 'operations') {
    const document = await bundleVersion(task.version, task.maxAliases);
    return { views: { operations: operationViews(document), schemas: schemaViews(document) } };
  }
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
  return loadSpec(source, (url) => fetchFile({ url, asWritten: writtenAs(url) }), limits);
}

