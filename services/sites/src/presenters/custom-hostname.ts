import type { Links } from '@dp/http';
import type { SiteRow } from '../data/sites';

/**
 * The official CustomHostname. Active while its site is published; `status` is its last DNS check's (left out
 * until one ran; certificates are the operator's reverse proxy's, docs/adr/0092).
 */
export function presentCustomHostname(site: SiteRow & { hostname: string | null }, links: Links) {
  const hostname = site.hostname ?? '';
  return {
    object: 'custom-hostname' as const,
    hostname,
    target: { type: 'site' as const, site: site.id },
    isActive: site.published,
    ...(site.hostname_status ? { status: site.hostname_status } : {}),
    urls: { location: links.api(`/custom-hostnames/${hostname}`) },
  };
}
