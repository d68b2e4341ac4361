import type { Links } from '@dp/http';
import type { SiteRow } from '../data/sites';

/**
 * The official CustomHostname. Active while its site is published; no DNS or certificate status is kept here
 * (a self-hosted platform's TLS and DNS are the operator's reverse proxy's), so `status` is left out.
 */
export function presentCustomHostname(site: SiteRow & { hostname: string | null }, links: Links) {
  const hostname = site.hostname ?? '';
  return {
    object: 'custom-hostname' as const,
    hostname,
    target: { type: 'site' as const, site: site.id },
    isActive: site.published,
    urls: { location: links.api(`/custom-hostnames/${hostname}`) },
  };
}
