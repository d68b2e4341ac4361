import type { Role, Asker } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { conflict, notFound } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { findSiteSpace, siteSpacesIn, updateSiteSpace, type SiteSpaceWithSpace } from '../data/site-spaces';
import { lockSite, type SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { UpdateSiteSpaceBody } from '../schemas/site-spaces';
import { fetchSpacesForSite, storeFreshCopies } from './add-site-space';
import { assertCondition } from './assert-condition';
import { siteSpaceEvent } from './site-structure';
import { isUniqueViolation } from '@dp/db';

/**
 * PATCH SITE/site-spaces/{id}: its path (unique in its section: 409), its condition (omitted: unchanged;
 * null: removed), and the content it shows (`spaceId`: a live space of the site's organization the caller
 * sees, fetched fresh from content into the local copy, as when adding a site space). All or nothing.
 */
export async function updateSiteSpaceSettings(
  ctx: SitesContext,
  content: ContentApi,
  who: Asker,
  organizationId: string,
  siteId: string,
  siteSpaceId: string,
  patch: UpdateSiteSpaceBody,
): Promise<{ siteSpace: SiteSpaceWithSpace; site: SiteRow; role: Role }> {
  const { role } = await loadAuthorizedSite(ctx.db, who.caller, organizationId, siteId, SITE_WRITE);
  const field = () => 'body.spaceId';
  const snapshots = patch.spaceId === undefined ? [] : await fetchSpacesForSite(content, who.on, organizationId, [patch.spaceId], field);
  return ctx.db.transaction(async (trx) => {
    // Lock order: the space copy first, then the site (docs/adr/0008).
    const [copy] = await storeFreshCopies(trx, snapshots, field);
    const site = await lockSite(trx, organizationId, siteId);
    if (!site) throw notFound('Site');
    const siteSpace = await findSiteSpace(trx, site.id, siteSpaceId);
    if (!siteSpace) throw notFound('Site space');
    const neighbours = (await siteSpacesIn(trx, site.id, siteSpace.section_id)).filter((s) => s.id !== siteSpace.id);
    const pathTaken = () => conflict(`body.path: ${patch.path} is already the path of another site space of this ${siteSpace.section_id ? 'section' : 'site'}`);
    if (patch.path !== undefined && neighbours.some((s) => s.path === patch.path)) throw pathTaken();
    if (copy && neighbours.some((s) => s.space_id === copy.id)) throw conflict(`body.spaceId: space ${copy.id} is already shown by another site space of this ${siteSpace.section_id ? 'section' : 'site'}`);
    if (typeof patch.condition === 'string') await assertCondition(trx, site, 'body.condition', patch.condition);
    try {
      await updateSiteSpace(trx, siteSpace.id, {
        ...(patch.path !== undefined ? { path: patch.path } : {}),
        ...(patch.condition !== undefined ? { condition: patch.condition } : {}),
        ...(copy ? { space_id: copy.id } : {}),
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw pathTaken();
      throw err;
    }
    const updated = (await findSiteSpace(trx, site.id, siteSpace.id))!;
    await ctx.emit(trx, SitesEvents.SITE_SPACE_UPDATED, { ...siteSpaceEvent(site, updated), changed: Object.keys(patch) }, site.id);
    return { siteSpace: updated, site, role };
  });
}
