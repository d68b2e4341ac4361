import SwaggerParser from '@apidevtools/swagger-parser';
import { contentHash } from '../domain/content-hash';
import { documentSize } from '../domain/document-size';
import { SpecLimitExceeded } from '../domain/processing-error';
import { parseSpecText } from '../domain/spec-yaml';
import { isMapping, specParserOptions, storedFiles, storedRoot, TEXT_ROOT, TEXT_ROOT_PATH, type ReadFile } from './spec-parser';

/** Where a spec comes from: a URL to fetch, or its text. */
export type SpecSourceInput = { url: string } | { text: string };

/** What parsing and validating one spec may cost, beyond what fetching it may (docs/adr/0058). */
export interface SpecLimits {
  /** Alias expansions per YAML file. */
  maxAliases: number;
  /** Bytes of the files as stored (JSON, every alias expanded). */
  maxDocumentBytes: number;
  /** Nodes of the root document once every $ref is replaced by what it names. */
  maxDereferencedNodes: number;
}

export interface LoadedSpec {
  /** The files as parsed, by name: a URL source's by URL, a text source's root as TEXT_ROOT. */
  files: Record<string, unknown>;
  hash: string;
}

/**
 * Reads a spec and every file its external $refs reach (YAML or JSON, parsed by `parseSpecText` with the alias
 * limit), then validates it as Swagger 2.0 or OpenAPI 3.0/3.1 with @apidevtools/swagger-parser. Every file is read
 * by `read` (the guarded outbound client, bounded). Runs in a worker thread (threads/spec-thread.ts): the stored size
 * and the dereferenced size are checked before the work that grows with them.
 */
export async function loadSpec(source: SpecSourceInput, read: ReadFile, limits: SpecLimits): Promise<LoadedSpec> {
  const options = specParserOptions(read, limits.maxAliases);
  const resolved = 'url' in source ? await new SwaggerParser().resolve(source.url, options) : await new SwaggerParser().resolve(TEXT_ROOT_PATH, parseText(source.text, limits.maxAliases), options);
  const values = resolved.values();
  const stored = documentSize(values).bytes;
  if (stored > limits.maxDocumentBytes) {
    throw new SpecLimitExceeded(`The specification's files make more than ${limits.maxDocumentBytes} bytes once parsed (YAML aliases expanded), the limit per specification`);
  }
  // JSON round trip: plain data only (dates in YAML become strings), as stored in jsonb.
  const plain: Record<string, unknown> = JSON.parse(JSON.stringify(values));
  const rootPath = resolved.paths()[0];
  const files: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(plain)) files[path === rootPath ? ('url' in source ? source.url : TEXT_ROOT) : path] = value;
  await validateFiles(files, 'url' in source ? source.url : null, limits);
  return { files, hash: contentHash(files) };
}

/**
 * Validates the files as they will be stored. Dereferencing with shared objects (circular refs kept) is linear;
 * the validator then walks the document as a tree, which for $refs that fan out is exponential in the spec's
 * size, so the tree's size is measured first, on the shared form, and refused past the budget.
 */
async function validateFiles(files: Record<string, unknown>, sourceUrl: string | null, limits: SpecLimits): Promise<void> {
  const options = specParserOptions(storedFiles(files), limits.maxAliases);
  const root = () => storedRoot(files, sourceUrl);
  const derefOptions = { ...options, dereference: { circular: true } };
  const [path, doc] = root();
  const dereferenced = doc ? await new SwaggerParser().dereference(path, doc, derefOptions) : await new SwaggerParser().dereference(path, derefOptions);
  const { nodes } = documentSize(dereferenced);
  if (nodes > limits.maxDereferencedNodes) {
    throw new SpecLimitExceeded(`The specification dereferences into more than ${limits.maxDereferencedNodes} nodes (its $refs fan out into ${nodes.toPrecision(3)}), the limit per specification`);
  }
  const [again, copy] = root();
  await (copy ? new SwaggerParser().validate(again, copy, options) : new SwaggerParser().validate(again, options));
}

/** A text source parsed like every file (JSON or YAML, the alias limit); anything but a mapping is not a specification. */
function parseText(text: string, maxAliases: number) {
  const doc = parseSpecText(text, maxAliases);
  if (!isMapping(doc)) throw new Error('The specification text is not a YAML or JSON object');
  return doc;
}
