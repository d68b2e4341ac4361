import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { HttpError, notFound } from '@dp/http';
import { findSpec } from '../data/specs';
import { findVersion, type VersionRow } from '../data/versions';
import { SpecLimitExceeded } from '../domain/processing-error';
import { SpecThreadsBusy, type SpecThreads } from '../threads/spec-threads';

export type PublishedFormat = 'json' | 'yaml';

/** The pool, the threads that bundle a version off the request loop, and the alias limit they parse with. */
export interface PublishingDeps {
  db: Knex;
  threads: SpecThreads;
  maxAliases: number;
}

export interface PublishedDocument {
  versionId: string;
  body: string;
}

/**
 * Versions never change, so a bundled document is cached by version and format (each process, at most
 * 16 MB of text): a public spec read by many clients is bundled once per version.
 */
const bundles = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (text) => Math.max(1, text.length * 2) });
/** Bundles under way, by the same key: concurrent first reads of a version share one thread. */
const bundling = new Map<string, Promise<string>>();

/**
 * The latest version of a public spec as one bundled document, JSON or YAML (docs/adr/0042). A spec that is
 * private, does not exist or has no version yet is not found: nothing says whether a private spec exists. A version
 * that cannot be bundled within the thread's limits (it was validated within the same ones), or while every thread
 * is taken and the queue full, is a 503.
 */
export async function publishedSpec({ db, threads, maxAliases }: PublishingDeps, organizationId: string, slug: string, format: PublishedFormat): Promise<PublishedDocument> {
  const spec = await findSpec(db, organizationId, slug);
  if (!spec || spec.visibility !== 'public' || !spec.last_version_id) throw notFound('OpenAPI specification');
  const versionId = spec.last_version_id;
  const key = `${versionId}.${format}`;
  let body = bundles.get(key);
  if (body === undefined) {
    const version = await findVersion(db, spec.id, versionId);
    if (!version) throw notFound('OpenAPI specification');
    body = await bundleOnce(threads, key, version, format, maxAliases);
  }
  return { versionId, body };
}

/** Bundled and written out in a worker thread: the request loop only waits (docs/adr/0058). */
function bundleOnce(threads: SpecThreads, key: string, version: VersionRow, format: PublishedFormat, maxAliases: number): Promise<string> {
  let pending = bundling.get(key);
  if (!pending) {
    pending = threads
      .bundle(version, format, maxAliases)
      .then((body) => {
        bundles.set(key, body);
        return body;
      })
      .catch((err: unknown) => {
        throw err instanceof SpecLimitExceeded || err instanceof SpecThreadsBusy ? new HttpError(503, `The published specification could not be prepared: ${err.message}`) : err;
      })
      .finally(() => bundling.delete(key));
    bundling.set(key, pending);
  }
  return pending;
}
