import type { Ability } from '@dp/auth';

/** Rules of sites and their site spaces. Pure: no express, no knex, no I/O; unit-tested in test/domain. */

export const SITE_TYPES = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'] as const;
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export const AGENTS_CONTEXTS = ['excluded', 'included'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

/**
 * Who may do what to a site. Reading a site and its site spaces needs `view` (every member). Creating,
 * editing, deleting, publishing and unpublishing sites and adding site spaces need `createContent`
 * (roles `create` and `admin`): a site is organization content that members who may create spaces may also
 * build and publish, and the official `Site.permissions.admin` ("manage the site content, settings and
 * publish the site") is advertised with the same ability, so what a Site says is what the next call allows.
 */
export const SITE_READ: Ability = 'view';
export const SITE_WRITE: Ability = 'createContent';

/** The interface's proxy origin: a domain followed by one or more path segments, e.g. `company.com/docs`. */
export const PROXY_ORIGIN_PATTERN = '^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(\\/[\\w-]+)+$';
export const PROXY_ORIGIN_MAX_LENGTH = 512;
const proxyOrigin = new RegExp(PROXY_ORIGIN_PATTERN, 'u');

export function isValidProxyOrigin(value: string): boolean {
  return value.length <= PROXY_ORIGIN_MAX_LENGTH && proxyOrigin.test(value);
}

/** The path under SITES_PUBLIC_URL where the sites publisher serves a site (docs/adr/0040). */
export const sitePublisherPath = (site: { id: string; organization_id: string }) => `/${site.organization_id}/${site.id}`;

/**
 * Where a site is reached. The sites publisher serves every site at `<SITES_PUBLIC_URL>/<organizationId>/<siteId>`
 * (the proxy's target); once published, it is reached at its custom hostname, else its proxy origin, when one
 * is set, otherwise there (docs/adr/0091).
 * `sites` builds a URL under SITES_PUBLIC_URL (`links.sites`).
 */
export function siteAddresses(site: { id: string; organization_id: string; proxy: string | null; hostname?: string | null; published: boolean }, sites: (path: string) => string) {
  const served = sites(sitePublisherPath(site));
  const own = site.hostname ? `https://${site.hostname}` : site.proxy ? `https://${site.proxy}` : served;
  return { served, published: site.published ? own : undefined };
}

/** The official SiteHostname: at least three labels (`docs.example.com`), lower case. */
export const HOSTNAME_PATTERN = '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$';
export const HOSTNAME_MAX_LENGTH = 512;

/** The platform's own hosts (its API, app and publisher addresses): no site may claim them as its hostname. */
export const isPlatformHost = (hostname: string, platformUrls: string[]): boolean => platformUrls.some((url) => URL.canParse(url) && new URL(url).hostname.toLowerCase() === hostname.toLowerCase());

/** A published site's default site space is at its root, the others at `/<path>`; nothing is published otherwise. */
export function siteSpacePublishedUrl(sitePublishedUrl: string | undefined, siteSpace: { path: string; isDefault: boolean }): string | undefined {
  if (!sitePublishedUrl) return undefined;
  return siteSpace.isDefault ? sitePublishedUrl : `${sitePublishedUrl.replace(/\/+$/, '')}/${siteSpace.path}`;
}

export const SITE_SPACE_PATH_MAX_LENGTH = 100;

/** URL path of a new site space: its space's title as a slug, unique in the site (`docs`, `docs-2`, ...). */
export function siteSpacePath(title: string, taken: ReadonlySet<string>): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SITE_SPACE_PATH_MAX_LENGTH - 6)
      .replace(/-+$/, '') || 'space';
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * The default site space of a site, given its site spaces in the order they were added: the one marked
 * default; when none is (the site was empty, or its default just left), the earliest added; none when empty.
 */
export function chooseDefaultSiteSpace(siteSpaces: ReadonlyArray<{ id: string; isDefault: boolean }>): string | null {
  return (siteSpaces.find((s) => s.isDefault) ?? siteSpaces[0])?.id ?? null;
}

/**
 * Publishing and unpublishing are idempotent: asking for the state the site is already in changes nothing
 * and emits nothing; only a real transition is recorded and announced.
 */
export function publicationChanges(published: boolean, wanted: boolean): boolean {
  return published !== wanted;
}

/** When a space snapshot was taken: its `updatedAt`, and the version content gave it (events only). */
export interface SnapshotStamp {
  updatedAt: Date | string;
  version?: number | string | null;
}

/**
 * Whether a space snapshot (from an event or a fresh read of content) may replace the local copy, so that a
 * late, reordered or redelivered event never undoes a newer state (e.g. a `deleted` snapshot arriving after
 * the `restored` one, or older counters after newer ones). Both versioned: only a strictly newer version
 * (counter-only updates do not move `updatedAt`, ADR 0029). Otherwise (a fresh read, or a copy from before
 * versions): at least as recent an `updatedAt`.
 */
export function snapshotIsCurrent(stored: SnapshotStamp | undefined, incoming: SnapshotStamp): boolean {
  if (!stored) return true;
  if (stored.version != null && incoming.version != null) return Number(incoming.version) > Number(stored.version);
  return new Date(incoming.updatedAt).getTime() >= new Date(stored.updatedAt).getTime();
}
