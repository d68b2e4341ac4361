import { Router } from 'express';
import { askerOf } from '@dp/auth';
import { presentPage, route } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { createSiteSection } from '../commands/create-site-section';
import { updateSiteSection } from '../commands/update-site-section';
import { moveSiteSection } from '../commands/move-site-section';
import { deleteSiteSection } from '../commands/delete-site-section';
import { presentSiteSection, siteSectionLocation } from '../presenters/site-section';
import { loadSection, readSectionsPage } from '../queries/site-structure';
import { createSectionBody, listSectionsQuery, moveSectionBody, sectionParams, siteParams, updateSectionBody } from '../schemas/site-sections';

const SECTIONS = '/v1/orgs/:organizationId/sites/:siteId/sections';
const SECTION = `${SECTIONS}/:siteSectionId`;

export function siteSectionsRouter(ctx: SitesContext, content: ContentApi): Router {
  const router = Router();

  router.get(SECTIONS, ...route({ params: siteParams, query: listSectionsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { site, role, page, shareKey } = await readSectionsPage(ctx.db, req.caller, organizationId, req.params.siteId, req.query);
    res.json(presentPage(page, (section) => presentSiteSection(section, site, role, ctx.links, shareKey)));
  }));

  router.post(SECTIONS, ...route({ params: siteParams, body: createSectionBody }).handle(async (req, res) => {
    const { organizationId, siteId } = req.params;
    const { section, site, role } = await createSiteSection(ctx, content, askerOf(req), organizationId, siteId, req.body);
    const json = presentSiteSection(await loadSection(ctx.db, site.id, section), site, role, ctx.links);
    res.status(201).location(siteSectionLocation(ctx.links, site, section.id)).json(json);
  }));

  router.patch(SECTION, ...route({ params: sectionParams, body: updateSectionBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionId } = req.params;
    const { section, site, role } = await updateSiteSection(ctx, req.caller, organizationId, siteId, siteSectionId, req.body);
    res.json(presentSiteSection(await loadSection(ctx.db, site.id, section), site, role, ctx.links));
  }));

  router.post(`${SECTION}/move`, ...route({ params: sectionParams, body: moveSectionBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionId } = req.params;
    const { section, site, role } = await moveSiteSection(ctx, req.caller, organizationId, siteId, siteSectionId, req.body);
    res.json(presentSiteSection(await loadSection(ctx.db, site.id, section), site, role, ctx.links));
  }));

  // Official statuses: 205 the section was deleted, 204 it did not exist.
  router.delete(SECTION, ...route({ params: sectionParams }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionId } = req.params;
    const deleted = await deleteSiteSection(ctx, req.caller, organizationId, siteId, siteSectionId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
