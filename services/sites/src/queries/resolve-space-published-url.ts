import type { Caller } from '@dp/auth';
import type { SitesContext } from '../context';
import { publishedPlacementsOfSpace } from '../data/site-spaces';
import { spacePublishedUrl } from '../domain/share-link-rules';

/**
 * Where the space is published for visitors, seen from the caller's organizations (for content, which
 * answers a space's `urls.published`): undefined when no published site of theirs opens it to the visitor.
 */
export async function resolveSpacePublishedUrl(ctx: SitesContext, caller: Caller, spaceId: string, shareKey: string | undefined): Promise<string | undefined> {
  const organizationIds = Object.keys(caller.memberships);
  if (organizationIds.length === 0) return undefined;
  const rows = await publishedPlacementsOfSpace(ctx.db, spaceId, organizationIds, shareKey || undefined);
  const placements = rows.map((r) => ({
    site: { id: r.site_id, organization_id: r.organization_id, proxy: r.proxy, published: r.published, visibility: r.visibility, createdAt: new Date(r.site_created_at) },
    siteSpace: { path: r.path, isDefault: r.is_default },
    ...(r.section_path !== null ? { section: { path: r.section_path, isDefault: r.section_is_default === true } } : {}),
    ...(r.share_key !== null ? { shareLink: { key: r.share_key, active: !!r.share_active } } : {}),
  }));
  return spacePublishedUrl(placements, ctx.links.sites);
}
