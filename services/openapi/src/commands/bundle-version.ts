import SwaggerParser from '@apidevtools/swagger-parser';
import type { VersionRow } from '../data/versions';
import { isMapping, TEXT_ROOT, type ApiDocument } from './load-spec';

/**
 * One document of a version: its root with every external $ref (another of its files) moved inside as an
 * internal reference, by @apidevtools/swagger-parser's bundler. Reads only the version's stored files,
 * never the network: the version is what was validated, and serving it fetches nothing.
 */
export async function bundleVersion(version: Pick<VersionRow, 'filesystem' | 'source_url'>): Promise<object> {
  const files = version.filesystem;
  const options = {
    resolve: {
      file: false,
      http: false,
      stored: {
        order: 1,
        canRead: true,
        read(file: { url: string }) {
          const name = file.url.split('#')[0];
          if (!(name in files)) throw new Error(`${name} is not a file of this version`);
          return JSON.stringify(files[name]);
        },
      },
    },
  };
  return new SwaggerParser().bundle(version.source_url ?? textRoot(files), options);
}

/** A text source's root has no URL: it is given as data (a copy: the bundler rewrites it in place). */
function textRoot(files: Record<string, unknown>): ApiDocument {
  const root: unknown = structuredClone(files[TEXT_ROOT]);
  if (!isMapping(root)) throw new Error('the version has no root document');
  return root;
}
