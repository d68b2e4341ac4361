import SwaggerParser from '@apidevtools/swagger-parser';
import type { VersionRow } from '../data/versions';
import { specParserOptions, storedFiles, storedRoot } from './spec-parser';

/**
 * One document of a version: its root with every external $ref (another of its files) moved inside as an
 * internal reference, by @apidevtools/swagger-parser's bundler. Reads only the version's stored files,
 * never the network: the version is what was validated, and serving it fetches nothing. Runs in a worker
 * thread (threads/spec-thread.ts), off the request loop.
 */
export async function bundleVersion(version: Pick<VersionRow, 'filesystem' | 'source_url'>, maxAliases: number): Promise<object> {
  const options = specParserOptions(storedFiles(version.filesystem), maxAliases);
  const root = storedRoot(version.filesystem, version.source_url);
  return root.length === 1 ? new SwaggerParser().bundle(root[0], options) : new SwaggerParser().bundle(root[0], root[1], options);
}
