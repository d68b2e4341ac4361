import type SwaggerParser from '@apidevtools/swagger-parser';
import { parseSpecText } from '../domain/spec-yaml';

/** The name of a text source's root file in the filesystem (a URL source's files are named by their URL). */
export const TEXT_ROOT = 'openapi';

/**
 * Where a text source's root "is" for @apidevtools/swagger-parser: without a location the parser resolves its
 * relative $refs, and names it in its messages, by the process's working directory (a path of the server, issue 21
 * §8). From here `./pets.yaml` resolves to `/pets.yaml`, which is refused as a local file like any non-http $ref.
 */
export const TEXT_ROOT_PATH = '/openapi';

/** Reads one file of a spec by its absolute URL (a local path for a text source's relative $refs). */
export type ReadFile = (url: string) => Promise<Uint8Array | string>;

/**
 * swagger-parser's options for every use (resolving, validating, bundling): its own file and http resolvers and its
 * own parsers (js-yaml, with no alias limit) are off; `read` reads every file and `parseSpecText` parses it, with
 * the alias limit (docs/adr/0058).
 */
export function specParserOptions(read: ReadFile, maxAliases: number) {
  return {
    parse: {
      json: false,
      yaml: false,
      text: false,
      binary: false,
      spec: {
        order: 1,
        allowEmpty: true,
        canParse: true,
        async parse(file: { data: unknown }): Promise<unknown> {
          const { data } = file;
          if (typeof data === 'string') return parseSpecText(data, maxAliases);
          if (data instanceof Uint8Array) return parseSpecText(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8'), maxAliases);
          return data;
        },
      },
    },
    resolve: {
      file: false,
      http: false,
      spec: { order: 1, canRead: true, read: (file: { url: string }) => read(file.url.split('#')[0]) },
    },
  };
}

/**
 * Reads only a version's stored files, never the network (as JSON text: the parser rewrites what it reads in place).
 * A URL source's root is stored under the URL as given, which the parser asks for normalized (`HTTP://Host:80/a b`
 * as `http://host/a%20b`): files are found under either.
 */
export function storedFiles(files: Record<string, unknown>): ReadFile {
  const byNormalUrl = new Map(Object.keys(files).map((name) => [normalUrl(name), name]));
  return async (url) => {
    const name = url in files ? url : byNormalUrl.get(normalUrl(url));
    if (name === undefined) throw new Error(`${url} is not a file of this version`);
    return JSON.stringify(files[name]);
  };
}

function normalUrl(name: string): string {
  return URL.canParse(name) ? new URL(name).toString() : name;
}

/** The root to hand the parser for a version's files: its URL, or a text source's root (a copy) at TEXT_ROOT_PATH. */
export function storedRoot(files: Record<string, unknown>, sourceUrl: string | null): [string] | [string, ApiDocument] {
  if (sourceUrl !== null) return [sourceUrl];
  const root: unknown = structuredClone(files[TEXT_ROOT]);
  if (!isMapping(root)) throw new Error('the version has no root document');
  return [TEXT_ROOT_PATH, root];
}

export type ApiDocument = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

/** A mapping: what the validator then checks to be a Swagger 2.0 or OpenAPI 3.x document. */
export const isMapping = (doc: unknown): doc is ApiDocument => doc !== null && typeof doc === 'object' && !Array.isArray(doc);
