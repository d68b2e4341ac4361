import SwaggerParser from '@apidevtools/swagger-parser';
import { parse } from 'yaml';
import type { specFetcher } from '../domain/spec-fetcher';

/** Where a spec comes from: a URL to fetch, or its text. */
export type SpecSourceInput = { url: string } | { text: string };

/** The name of a text source's root file in the filesystem (a URL source's files are named by their URL). */
export const TEXT_ROOT = 'openapi';

/**
 * Reads a spec and every file its external $refs reach (YAML or JSON), then validates it as Swagger 2.0 or
 * OpenAPI 3.0/3.1 with @apidevtools/swagger-parser. Every file is read through `fetcher` (the guarded outbound
 * client, bounded): the parser's own file and http readers are off. Resolves with the files as parsed, by name.
 */
export async function loadSpec(source: SpecSourceInput, fetcher: ReturnType<typeof specFetcher>): Promise<Record<string, unknown>> {
  const options = {
    resolve: {
      file: false,
      http: false,
      guarded: { order: 1, canRead: true, read: (file: { url: string }) => fetcher.read(file.url) },
    },
  };
  // A fresh root each time: validating dereferences the document in place.
  const root = () => ('url' in source ? source.url : parseText(source.text));
  const resolved = await new SwaggerParser().resolve(root(), options);
  await new SwaggerParser().validate(root(), options);
  const files: Record<string, unknown> = {};
  // JSON round trip: plain data only (dates in YAML become strings), as stored in jsonb.
  const values: Record<string, unknown> = JSON.parse(JSON.stringify(resolved.values()));
  const rootPath = 'url' in source ? source.url : resolved.paths()[0];
  for (const [path, value] of Object.entries(values)) files[path === rootPath ? ('url' in source ? source.url : TEXT_ROOT) : path] = value;
  return files;
}

export type ApiDocument = Exclude<Parameters<typeof SwaggerParser.validate>[0], string>;

/** A mapping: what the validator then checks to be a Swagger 2.0 or OpenAPI 3.x document. */
export const isMapping = (doc: unknown): doc is ApiDocument => doc !== null && typeof doc === 'object' && !Array.isArray(doc);

/** A text source parsed as YAML (JSON is YAML too); anything but a mapping is not a specification. */
function parseText(text: string): ApiDocument {
  const doc: unknown = parse(text);
  if (!isMapping(doc)) throw new Error('The specification text is not a YAML or JSON object');
  return doc;
}
