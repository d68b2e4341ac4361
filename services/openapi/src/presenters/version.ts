import type { Links } from '@dp/http';
import { iso } from '@dp/http';
import type { SpecRow } from '../data/specs';
import type { VersionMeta, VersionRow } from '../data/versions';
import { publishedUrl } from './spec';

const versionPath = (spec: SpecRow, versionId: string) => `/orgs/${spec.organization_id}/openapi/${spec.slug}/versions/${versionId}`;

/**
 * Where a version's specification is: its source URL, or (a text source) its content in the API.
 * The official `url` of OpenAPISpecVersion and `urls.source` of OpenAPISpecContent.
 */
const sourceOf = (spec: SpecRow, version: VersionMeta, links: Links) => version.source_url ?? links.api(`${versionPath(spec, version.id)}/content`);

/** OpenAPISpecVersion JSON. */
export function presentVersion(spec: SpecRow, version: VersionMeta, links: Links) {
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: iso(version.created_at)!,
    url: sourceOf(spec, version, links),
    urls: { location: links.api(versionPath(spec, version.id)) },
  };
}

/**
 * OpenAPISpecContent JSON: every file of the version, and where it can be read. `urls.public`, as the official
 * description says, is the source URL of a public spec from a URL, our published URL of a public spec given as
 * text (stored here), and null for a private spec.
 */
export function presentContent(spec: SpecRow, version: VersionRow, links: Links) {
  return {
    filesystem: version.filesystem,
    urls: {
      source: sourceOf(spec, version, links),
      public: spec.visibility === 'public' ? (version.source_url ?? publishedUrl(spec, links)) : null,
    },
  };
}
