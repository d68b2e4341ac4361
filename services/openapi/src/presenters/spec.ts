import { abilitiesOf, type Role } from '@dp/auth';
import { iso, type Links } from '@dp/http';
import type { SpecRow } from '../data/specs';

/** OpenAPISpec JSON for a caller with `role` in its organization. */
export function presentSpec(spec: SpecRow, role: Role | undefined, links: Links) {
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: iso(spec.created_at)!,
    updatedAt: iso(spec.updated_at)!,
    slug: spec.slug,
    // A spec given as text has no source URL: the official field is optional.
    ...(spec.source_url ? { sourceURL: spec.source_url } : {}),
    processingState: spec.processing_state,
    visibility: spec.visibility,
    // Set by the worker's processing runs (docs/adr/0042): absent until the first run.
    ...(spec.last_version_id ? { lastVersion: spec.last_version_id } : {}),
    ...(spec.last_processed_at ? { lastProcessedAt: iso(spec.last_processed_at) } : {}),
    ...(spec.last_process_error_code ? { lastProcessErrorCode: spec.last_process_error_code } : {}),
    // A failed run keeps one error: its code and the fetcher's or the parser's message.
    ...(spec.last_process_error_message ? { lastProcessedErrors: [{ message: spec.last_process_error_message, ...(spec.last_process_error_code ? { code: spec.last_process_error_code } : {}) }] } : {}),
    lastProcessedErrorCount: spec.last_process_error_message ? 1 : 0,
    permissions: openApiSpecPermissions(role),
    urls: {
      location: links.api(`/orgs/${spec.organization_id}/openapi/${spec.slug}`),
      app: links.app(`/o/${spec.organization_id}/openapi/${spec.slug}`),
      // Only a public spec is served without a token (its latest version; `.yaml` for YAML).
      ...(spec.visibility === 'public' ? { published: publishedUrl(spec, links) } : {}),
    },
  };
}

/**
 * `permissions` {view, edit} of a spec: any member may view it, and editing (creating, changing, deleting)
 * takes `createContent`, advertised on the organization as `createOpenAPISpec`.
 */
export function openApiSpecPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, edit: a.createContent };
}

/** Where the gateway serves a public spec's latest version without a token, as JSON (docs/adr/0042). */
export const publishedUrl = (spec: Pick<SpecRow, 'organization_id' | 'slug'>, links: Links) => links.gateway(`/openapi/${spec.organization_id}/${spec.slug}.json`);
