import { LRUCache } from 'lru-cache';
import type { OperationView, SchemasView } from '@dp/contracts';
import { HttpError, notFound } from '@dp/http';
import { findSpec } from '../data/specs';
import { findVersion } from '../data/versions';
import { operationKey, webhookKey, type SpecViews } from '../domain/operation-views';
import { SpecLimitExceeded } from '../domain/processing-error';
import { SpecThreadsBusy } from '../threads/spec-threads';
import type { PublishingDeps } from './published-spec';

/**
 * Versions never change, so a version's operations are read once (in a spec thread: bundling and walking the
 * schemas cost what the spec's author wrote) and kept by version, at most 32 MB of views per process.
 */
const viewsByVersion = new LRUCache<string, SpecViews>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (views) => Math.max(1, JSON.stringify(views).length * 2) });
const reading = new Map<string, Promise<SpecViews>>();

/**
 * One operation of an organization's spec, at its latest version, as a published page shows it (docs/adr/0083).
 * The organization is the caller's to give (the site's own): a spec of another organization is not found, nor
 * is a spec without a version or an operation it does not have. A version that cannot be read within the spec
 * threads' limits, or while they are all taken, is a 503.
 */
export function operationView(deps: PublishingDeps, organizationId: string, slug: string, method: string, path: string): Promise<OperationView> {
  return viewByKey(deps, organizationId, slug, operationKey(method, path), 'OpenAPI operation');
}

/** One webhook of the spec's latest version (OpenAPI 3.1 `webhooks`), by its method and name, as operationView. */
export function webhookView(deps: PublishingDeps, organizationId: string, slug: string, method: string, name: string): Promise<OperationView> {
  return viewByKey(deps, organizationId, slug, webhookKey(method, name), 'OpenAPI webhook');
}

async function viewByKey(deps: PublishingDeps, organizationId: string, slug: string, key: string, what: string): Promise<OperationView> {
  const { versionId, views } = await latestViews(deps, organizationId, slug);
  const view = views.operations[key];
  if (!view) throw notFound(what);
  return { versionId, ...view };
}

/** The named schemas of the spec's latest version, those it has, in the order named; none of them is a 404. */
export async function schemasView(deps: PublishingDeps, organizationId: string, slug: string, names: string[]): Promise<SchemasView> {
  const { versionId, views } = await latestViews(deps, organizationId, slug);
  const schemas = [...new Set(names)].flatMap((name) => (Object.prototype.hasOwnProperty.call(views.schemas, name) ? [views.schemas[name]] : []));
  if (schemas.length === 0) throw notFound('OpenAPI schema');
  return { versionId, schemas };
}

async function latestViews(deps: PublishingDeps, organizationId: string, slug: string): Promise<{ versionId: string; views: SpecViews }> {
  const spec = await findSpec(deps.db, organizationId, slug);
  if (!spec?.last_version_id) throw notFound('OpenAPI specification');
  const versionId = spec.last_version_id;
  return { versionId, views: viewsByVersion.get(versionId) ?? (await readOnce(deps, spec.id, versionId)) };
}

function readOnce({ db, threads, maxAliases }: PublishingDeps, specId: string, versionId: string): Promise<SpecViews> {
  let pending = reading.get(versionId);
  if (!pending) {
    pending = findVersion(db, specId, versionId)
      .then((version) => {
        if (!version) throw notFound('OpenAPI specification');
        return threads.operations(version, maxAliases);
      })
      .then((views) => {
        viewsByVersion.set(versionId, views);
        return views;
      })
      .catch((err: unknown) => {
        throw err instanceof SpecLimitExceeded || err instanceof SpecThreadsBusy ? new HttpError(503, `The specification's operations could not be read: ${err.message}`) : err;
      })
      .finally(() => reading.delete(versionId));
    reading.set(versionId, pending);
  }
  return pending;
}
