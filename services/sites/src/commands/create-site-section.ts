import { requireUser, type Role, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import { SitesEvents } from '@dp/events';
import { badRequest, notFound } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { findGroup } from '../data/site-section-groups';
import { insertSection, sectionsOf, type SiteSectionRow } from '../data/site-sections';
import { groupSiblingsOf, rootSiblingsOf } from '../data/sibling-positions';
import { lockSite, type SiteRow } from '../data/sites';
import { SITE_WRITE } from '../domain/site-rules';
import { sectionPath, sectionTitle } from '../domain/site-structure-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { CreateSectionBody } from '../schemas/site-sections';
import { attachSpace, fetchSpacesForSite, storeFreshCopies } from './add-site-space';
import { positionsAtEnd } from './place-in-order';
import { moveRootIntoDefaultSection, sectionEvent } from './site-structure';

/**
 * POST SITE/sections: a new section, last at the root (or in the group named), whose first site space shows
 * the space given (fresh from content). The first section of a site with site spaces takes them into a
 * default section first (docs/adr/0038); the first section of an empty site is the default itself.
 */
export async function createSiteSection(
  ctx: SitesContext,
  content: ContentApi,
  who: Asker,
  organizationId: string,
  siteId: string,
  input: CreateSectionBody,
): Promise<{ section: SiteSectionRow; site: SiteRow; role: Role }> {
  const { role } = await loadAuthorizedSite(ctx.db, who.caller, organizationId, siteId, SITE_WRITE);
  const userId = requireUser(who.caller);
  const field = () => 'body.spaceId';
  const [snapshot] = await fetchSpacesForSite(content, who.on, organizationId, [input.spaceId], field);
  return ctx.db.transaction(async (trx) => {
    const [copy] = await storeFreshCopies(trx, [snapshot], field);
    const site = await lockSite(trx, organizationId, siteId);
    if (!site) throw notFound('Site'); // deleted meanwhile
    const group = input.siteSectionGroupId === undefined ? undefined : await findGroup(trx, site.id, input.siteSectionGroupId);
    if (input.siteSectionGroupId !== undefined && !group) throw badRequest(`body.siteSectionGroupId: site section group ${input.siteSectionGroupId} is not in this site`);
    const isFirst = (await sectionsOf(trx, site.id)).length === 0;
    const madeDefault = isFirst ? await moveRootIntoDefaultSection(trx, ctx.emit, site, userId) : undefined;
    const title = sectionTitle(input.title, copy.title);
    const [position] = await positionsAtEnd(trx, group ? await groupSiblingsOf(trx, group.id) : await rootSiblingsOf(trx, site.id));
    const section = await insertSection(trx, {
      id: newId(),
      site_id: site.id,
      section_group_id: group?.id ?? null,
      title,
      description: null,
      icon: input.icon ?? null,
      path: sectionPath(title, new Set((await sectionsOf(trx, site.id)).map((s) => s.path))),
      condition: null,
      is_default: isFirst && !madeDefault,
      position,
      created_by: userId,
    });
    await ctx.emit(trx, SitesEvents.SITE_SECTION_CREATED, { ...sectionEvent(site, section.id), title, path: section.path, default: section.is_default }, site.id);
    await attachSpace(trx, site, copy, userId, { sectionId: section.id, emit: ctx.emit });
    return { section, site, role };
  });
}
