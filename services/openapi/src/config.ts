import { serviceConfig } from '@dp/runtime';
import { outboundConfig, type ConfigOf } from '@dp/config';
import type { SpecLimits } from './commands/load-spec';
import type { FetchLimits } from './domain/spec-fetcher';
import type { ThreadLimits } from './threads/spec-threads';

/** Beyond every service's variables: what a processing run may fetch, and how often URL sources are fetched again (docs/adr/0042). */
export const openapiConfig = serviceConfig('openapi', 8084, {
  ...outboundConfig,
  OPENAPI_FETCH_TIMEOUT_MS: { kind: 'int', doc: 'Time allowed for each fetch of a spec file (the source or an external $ref)', default: '10000' },
  OPENAPI_MAX_BYTES: { kind: 'int', doc: 'Bytes a spec may fetch in all, its source and every external $ref together', default: '5242880' },
  OPENAPI_MAX_FILES: { kind: 'int', doc: 'Files a spec may fetch in all, its source and every external $ref together', default: '20' },
  OPENAPI_REFRESH_INTERVAL_MS: {
    kind: 'int',
    doc: 'A spec from a URL is fetched and processed again once its last processing is this old (a new version only if it changed); 0 turns the refresh off',
    default: '3600000',
  },
  // What parsing, validating and bundling a spec may cost (docs/adr/0058).
  OPENAPI_YAML_MAX_ALIASES: { kind: 'int', doc: 'YAML alias expansions a spec file may make (an alias counts as often as the aliases inside what it names); past it the spec is PARSE_ERROR', default: '100' },
  OPENAPI_MAX_DOCUMENT_BYTES: { kind: 'int', doc: 'Bytes a spec\'s files may make once parsed, YAML aliases expanded (what a version stores); past it the spec is PARSE_ERROR', default: '10485760' },
  OPENAPI_MAX_DEREFERENCED_NODES: {
    kind: 'int',
    doc: 'Nodes a spec may make once every $ref is replaced by what it names (what validation walks; $refs that fan out grow it exponentially); past it the spec is PARSE_ERROR',
    default: '5000000',
  },
  OPENAPI_THREAD_TIMEOUT_MS: {
    kind: 'int',
    doc: 'Computing time one spec may take to parse and validate, or one version to bundle for serving, in its worker thread (waiting for fetches not counted); past it the thread is ended and the spec is PARSE_ERROR',
    default: '30000',
  },
  OPENAPI_THREAD_MEMORY_MB: { kind: 'int', doc: 'Heap of the worker thread that parses, validates or bundles one spec; past it the thread is ended and the spec is PARSE_ERROR', default: '512' },
  OPENAPI_THREADS: { kind: 'int', doc: 'Worker threads one openapi process runs at once for parsing, validating and bundling specs (at least 1); more wait their turn', default: '2' },
  OPENAPI_THREAD_QUEUE: {
    kind: 'int',
    doc: 'Specs one openapi process lets wait for a thread; one more is refused for now: a published version answers 503, a processing run is retried later',
    default: '16',
  },
});
export type OpenapiConfig = ConfigOf<typeof openapiConfig>;

/** The fetch limits of one processing run, from the worker's config. */
export const fetchLimitsOf = (config: OpenapiConfig): FetchLimits => ({
  allow: config.OUTBOUND_ALLOW,
  timeoutMs: config.OPENAPI_FETCH_TIMEOUT_MS,
  maxBytes: config.OPENAPI_MAX_BYTES,
  maxFiles: config.OPENAPI_MAX_FILES,
});

/** What parsing and validating one spec may cost, from the worker's config (docs/adr/0058). */
export const specLimitsOf = (config: OpenapiConfig): SpecLimits => ({
  maxAliases: config.OPENAPI_YAML_MAX_ALIASES,
  maxDocumentBytes: config.OPENAPI_MAX_DOCUMENT_BYTES,
  maxDereferencedNodes: config.OPENAPI_MAX_DEREFERENCED_NODES,
});

/** What each spec thread may take, and how many run at once. */
export const threadLimitsOf = (config: OpenapiConfig): ThreadLimits => ({
  timeoutMs: config.OPENAPI_THREAD_TIMEOUT_MS,
  memoryMb: config.OPENAPI_THREAD_MEMORY_MB,
  concurrency: Math.max(1, config.OPENAPI_THREADS),
  queue: Math.max(0, config.OPENAPI_THREAD_QUEUE),
});
