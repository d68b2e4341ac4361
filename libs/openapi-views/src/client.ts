import { LRUCache } from 'lru-cache';
import type { OpenapiBlockView, OperationView, SchemasView } from '@dp/contracts';
import { signServiceAssertion } from '@dp/auth';
import { serviceClient } from '@dp/http';
import type { Logger } from '@dp/log';
import { openapiBlocks, operationRefKey, type OpenapiBlockRef } from '@dp/markdown-html';

/**
 * What a renderer of pages reads of an organization's specs (docs/adr/0083): for its OpenAPI blocks, an operation,
 * a webhook or named schemas of a spec of the page's own organization, asked as the calling service (the sites
 * publisher, content's PDF export). Specs change without a revision changing, so an answer is kept a minute (a
 * missing one too); a failure is logged and the block shows its method and path, never failing the page.
 */
export interface OpenapiOperations {
  operation(organizationId: string, specSlug: string, method: string, path: string): Promise<OperationView | undefined>;
  /** A webhook of the spec (OpenAPI 3.1 `webhooks`), for an `openapi-webhook` block. */
  webhook(organizationId: string, specSlug: string, method: string, name: string): Promise<OperationView | undefined>;
  /** Named schemas of the spec, for an `openapi-schemas` block. */
  schemas(organizationId: string, specSlug: string, names: string[]): Promise<SchemasView | undefined>;
}

const KEEP_MS = 60_000;
/** What the kept views may weigh in all: a spec is a tenant's, and one schemas view may be most of it (issue 28). */
export const KEPT_VIEWS_MAX_BYTES = 32 * 1024 * 1024;
const isOperation = (view: OpenapiBlockView): view is OperationView => 'method' in view;
const isSchemas = (view: OpenapiBlockView): view is SchemasView => 'schemas' in view;

export function openapiOperations(openapiUrl: string, internalAuthSecret: string, log: Logger, service: 'sites' | 'content' = 'sites', maxBytes = KEPT_VIEWS_MAX_BYTES): OpenapiOperations {
  // A page waits for its operations: a slow spec service costs it at most this, then the blocks show plain.
  const request = serviceClient(openapiUrl, { serviceName: 'openapi', timeoutMs: 3_000 });
  // Parsed JSON takes about twice its text in memory.
  const kept = new LRUCache<string, { view?: OpenapiBlockView; length: number }>({ maxSize: maxBytes, ttl: KEEP_MS, sizeCalculation: (entry) => 256 + entry.length * 2 });
  async function read<T extends OpenapiBlockView>(organizationId: string, specSlug: string, what: 'operation' | 'webhook' | 'schemas', query: Record<string, string>, is: (view: OpenapiBlockView) => view is T): Promise<T | undefined> {
    const key = JSON.stringify([organizationId, specSlug, what, query]);
    const hit = kept.get(key);
    if (hit) return hit.view && is(hit.view) ? hit.view : undefined;
    const url = `/internal/orgs/${encodeURIComponent(organizationId)}/openapi/${encodeURIComponent(specSlug)}/${what}?${new URLSearchParams(query)}`;
    try {
      const res = await request<T>('GET', url, { assertion: signServiceAssertion(service, internalAuthSecret) });
      if (res.status === 200 && res.body) {
        kept.set(key, { view: res.body, length: res.length });
        return res.body;
      }
      if (res.status === 404) kept.set(key, { length: 0 });
      else log.warn({ organizationId, specSlug, what, ...query, status: res.status }, `an OpenAPI ${what} could not be read for a page`);
    } catch (err) {
      log.warn({ err, organizationId, specSlug, what, ...query }, `an OpenAPI ${what} could not be read for a page`);
    }
    return undefined;
  }
  return {
    operation: (organizationId, specSlug, method, path) => read(organizationId, specSlug, 'operation', { method, path }, isOperation),
    webhook: (organizationId, specSlug, method, name) => read(organizationId, specSlug, 'webhook', { method, name }, isOperation),
    schemas: (organizationId, specSlug, names) => read(organizationId, specSlug, 'schemas', { names: names.join(',') }, isSchemas),
  };
}

/**
 * The views a page's OpenAPI blocks name (`openapiBlocks`), from its organization's specs (never another's), by
 * `operationRefKey`; `any`: the page shows spec data, which changes without its revision.
 */
export async function blockViewsOf(operations: OpenapiOperations, organizationId: string, markdown: string): Promise<{ views: Record<string, OpenapiBlockView>; any: boolean }> {
  const refs = openapiBlocks(markdown);
  const views: Record<string, OpenapiBlockView> = {};
  const read = (ref: OpenapiBlockRef): Promise<OpenapiBlockView | undefined> => {
    if (ref.kind === 'schemas') return operations.schemas(organizationId, ref.spec, ref.path.split(','));
    if (ref.kind === 'webhook') return operations.webhook(organizationId, ref.spec, ref.method, ref.path);
    return operations.operation(organizationId, ref.spec, ref.method, ref.path);
  };
  await Promise.all(
    refs.map(async (ref) => {
      const found = await read(ref);
      if (found) views[operationRefKey(ref)] = found;
    }),
  );
  return { views, any: refs.length > 0 };
}

