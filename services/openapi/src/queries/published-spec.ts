import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { stringify } from 'yaml';
import { notFound } from '@dp/http';
import { findSpec } from '../data/specs';
import { findVersion } from '../data/versions';
import { bundleVersion } from '../commands/bundle-version';

export type PublishedFormat = 'json' | 'yaml';

export interface PublishedDocument {
  versionId: string;
  body: string;
}

/**
 * Versions never change, so a bundled document is cached by version and format (each process, at most
 * 16 MB of text): a public spec read by many clients is bundled once per version.
 */
const bundles = new LRUCache<string, string>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (text) => Math.max(1, text.length * 2) });

/**
 * The latest version of a public spec as one bundled document, JSON or YAML (docs/adr/0042). A spec that is
 * private, does not exist or has no version yet is not found: nothing says whether a private spec exists.
 */
export async function publishedSpec(db: Knex, organizationId: string, slug: string, format: PublishedFormat): Promise<PublishedDocument> {
  const spec = await findSpec(db, organizationId, slug);
  if (!spec || spec.visibility !== 'public' || !spec.last_version_id) throw notFound('OpenAPI specification');
  const versionId = spec.last_version_id;
  const key = `${versionId}.${format}`;
  let body = bundles.get(key);
  if (body === undefined) {
    const version = await findVersion(db, spec.id, versionId);
    if (!version) throw notFound('OpenAPI specification');
    const document = await bundleVersion(version);
    body = format === 'json' ? JSON.stringify(document, null, 2) : stringify(document);
    bundles.set(key, body);
  }
  return { versionId, body };
}
