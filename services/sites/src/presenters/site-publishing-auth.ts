import type { SitePublishingAuthRow } from '../data/site-publishing-auth';

/** The official SitePublishingAuth: the backend, the signing key (only its admins ever get here) and the URLs set. */
export function presentSitePublishingAuth(row: SitePublishingAuthRow) {
  return {
    object: 'publishing-auth' as const,
    backend: row.backend === 'integration' ? ('integration' as const) : ('custom' as const),
    privateKey: row.private_key,
    ...(row.fallback_url !== null ? { fallbackURL: row.fallback_url } : {}),
    ...(row.logout_url !== null ? { logoutURL: row.logout_url } : {}),
  };
}
