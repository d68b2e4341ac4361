import type { SiteRedirectRow } from '../data/site-redirects';

/** The official SiteRedirect. */
export function presentSiteRedirect(row: SiteRedirectRow) {
  return {
    object: 'site-redirect' as const,
    id: row.id,
    source: row.source,
    draft: row.draft,
    captureWildcard: row.capture_wildcard,
    permanent: row.permanent,
    destination: row.destination,
    createdAt: row.created_at.toISOString(),
    ...(row.updated_at ? { updatedAt: row.updated_at.toISOString() } : {}),
  };
}
