import { siteAddresses, siteSpacePublishedUrl } from './site-rules';
import { sectionPublishedUrl } from './site-structure-rules';

/** Rules of share links and of the published URL of a space. Pure: no express, no knex, no I/O; unit-tested in test/domain. */

/** Official ShareLinkName: at most 50 characters (an empty name is allowed). */
export const SHARE_LINK_NAME_MAX_LENGTH = 50;
/** Longest share key a caller may present (the keys this service makes are 32 characters). */
export const SHARE_KEY_MAX_LENGTH = 200;

/** A capability URL: `url` with the share link's secret key as the `share` query parameter. */
export function withShareKey(url: string, key: string): string {
  const keyed = new URL(url);
  keyed.searchParams.set('share', key);
  return keyed.toString();
}

/**
 * A share link's `urls.published`: the keyed address of its site, at the published URL once the site is
 * published, at the address the platform serves it from before (so the link can be handed out early).
 */
export function shareLinkPublishedUrl(site: { id: string; organization_id: string; proxy: string | null; published: boolean }, key: string, sites: (path: string) => string): string {
  const addresses = siteAddresses(site, sites);
  return withShareKey(addresses.published ?? addresses.served, key);
}

/** A site showing the space, through one of its site spaces. */
export interface SpacePlacement {
  site: { id: string; organization_id: string; proxy: string | null; published: boolean; visibility: string; createdAt: Date };
  siteSpace: { path: string; isDefault: boolean };
  /** The section of the site space, in a site with sections (docs/adr/0038). */
  section?: { path: string; isDefault: boolean };
  /** The share link of this site whose key is the one presented, if any (keys are unique, so at most one). */
  shareLink?: { key: string; active: boolean };
}

/**
 * Where a visitor reaches the space through this placement, if they may without signing in: a published
 * `public` or `unlisted` site at the site space's URL; a published `share-link` site only with the key of one
 * of its active share links, then at the site space's URL carrying that key; never a `visitor-auth` site
 * (its visitors need a JWT, which no URL carries).
 */
export function placementPublishedUrl(placement: SpacePlacement, sites: (path: string) => string): string | undefined {
  const sitePublished = siteAddresses(placement.site, sites).published;
  const base = placement.section ? sectionPublishedUrl(sitePublished, placement.section) : sitePublished;
  const url = siteSpacePublishedUrl(base, placement.siteSpace);
  if (!url) return undefined;
  switch (placement.site.visibility) {
    case 'public':
    case 'unlisted':
      return url;
    case 'share-link':
      return placement.shareLink?.active ? withShareKey(url, placement.shareLink.key) : undefined;
    default:
      return undefined;
  }
}

/**
 * The published URL of a space shown by several sites: among the placements that give one, the site the
 * presented share key opens (the visitor came through it), otherwise the oldest site. Ties on creation
 * time keep the given order.
 */
export function spacePublishedUrl(placements: ReadonlyArray<SpacePlacement>, sites: (path: string) => string): string | undefined {
  const reachable = placements
    .map((placement) => ({ placement, url: placementPublishedUrl(placement, sites) }))
    .filter((c): c is { placement: SpacePlacement; url: string } => c.url !== undefined)
    .sort((a, b) => a.placement.site.createdAt.getTime() - b.placement.site.createdAt.getTime());
  return (reachable.find((c) => c.placement.shareLink?.active) ?? reachable[0])?.url;
}
