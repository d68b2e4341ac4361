import type { Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { SitesContext } from '../context';
import { deleteSiteSpaceRow, findSiteSpaceRow, siteSpacesIn } from '../data/site-spaces';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import { keepSiteSpaceDefault, siteSpaceEvent } from './site-structure';

/**
 * DELETE SITE/site-spaces/{id}: the site space leaves its site (the space stays in content); the first
 * remaining one of its section becomes the default if it was. The last site space of a section is a 409:
 * a section always shows something, and deleting the section is the explicit way (docs/adr/0038). False when
 * the site has no such site space (official 204).
 */
export async function deleteSiteSpace(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, siteSpaceId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const siteSpace = await findSiteSpaceRow(trx, site.id, siteSpaceId);
    if (!siteSpace) return false;
    const section = await siteSpacesIn(trx, site.id, siteSpace.section_id);
    if (siteSpace.section_id && section.length === 1) {
      throw conflict(`Site space ${siteSpace.id} is the last one of section ${siteSpace.section_id}: delete the section instead`);
    }
    await deleteSiteSpaceRow(trx, siteSpace.id);
    await ctx.emit(trx, SitesEvents.SITE_SPACE_DELETED, siteSpaceEvent(site, siteSpace), site.id);
    await keepSiteSpaceDefault(trx, ctx.emit, site, siteSpace.section_id);
    return true;
  });
}
