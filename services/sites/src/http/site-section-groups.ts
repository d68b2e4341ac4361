import { Router } from 'express';
import { presentPage, route } from '@dp/http';
import type { SitesContext } from '../context';
import { createSiteSectionGroup } from '../commands/create-site-section-group';
import { updateSiteSectionGroup } from '../commands/update-site-section-group';
import { moveSiteSectionGroup } from '../commands/move-site-section-group';
import { deleteSiteSectionGroup } from '../commands/delete-site-section-group';
import { addSectionToGroup } from '../commands/add-section-to-group';
import { removeSectionFromGroup } from '../commands/remove-section-from-group';
import { presentSiteSectionGroup, presentSiteSectionGroupBeforeDrafts, siteSectionGroupLocation } from '../presenters/site-section-group';
import { loadGroup, readGroupsPage } from '../queries/site-structure';
import { addSectionToGroupBody, createGroupBody, groupParams, groupSectionParams, listGroupsQuery, moveGroupBody, siteParams, updateGroupBody } from '../schemas/site-section-groups';

const GROUPS = '/v1/orgs/:organizationId/sites/:siteId/section-groups';
const GROUP = `${GROUPS}/:siteSectionGroupId`;

export function siteSectionGroupsRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(GROUPS, ...route({ params: siteParams, query: listGroupsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { site, role, page } = await readGroupsPage(ctx.db, req.caller, organizationId, req.params.siteId, req.query);
    res.json(presentPage(page, (group) => presentSiteSectionGroup(group, site, role, ctx.links)));
  }));

  router.post(GROUPS, ...route({ params: siteParams, body: createGroupBody }).handle(async (req, res) => {
    const { group, site, role } = await createSiteSectionGroup(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body);
    const json = presentSiteSectionGroup(await loadGroup(ctx.db, site.id, group), site, role, ctx.links);
    res.status(201).location(siteSectionGroupLocation(ctx.links, site, group.id)).json(json);
  }));

  router.patch(GROUP, ...route({ params: groupParams, body: updateGroupBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionGroupId } = req.params;
    const { group, site, role } = await updateSiteSectionGroup(ctx, req.caller, organizationId, siteId, siteSectionGroupId, req.body);
    res.json(presentSiteSectionGroup(await loadGroup(ctx.db, site.id, group), site, role, ctx.links));
  }));

  router.post(`${GROUP}/move`, ...route({ params: groupParams, body: moveGroupBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionGroupId } = req.params;
    const { group, site, role } = await moveSiteSectionGroup(ctx, req.caller, organizationId, siteId, siteSectionGroupId, req.body);
    res.json(presentSiteSectionGroup(await loadGroup(ctx.db, site.id, group), site, role, ctx.links));
  }));

  // Official (0.167.0 only): 201 with the group, in that release's shape, and the Location of the group.
  router.post(`${GROUP}/sections`, ...route({ params: groupParams, body: addSectionToGroupBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionGroupId } = req.params;
    const { group, site, role } = await addSectionToGroup(ctx, req.caller, organizationId, siteId, siteSectionGroupId, req.body.sectionId);
    const json = presentSiteSectionGroupBeforeDrafts(await loadGroup(ctx.db, site.id, group), site, role, ctx.links);
    res.status(201).location(siteSectionGroupLocation(ctx.links, site, group.id)).json(json);
  }));

  // Official (0.167.0): 205 the section left the group, 204 it was not in it.
  router.delete(`${GROUP}/sections/:siteSectionId`, ...route({ params: groupSectionParams }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionGroupId, siteSectionId } = req.params;
    const removed = await removeSectionFromGroup(ctx, req.caller, organizationId, siteId, siteSectionGroupId, siteSectionId);
    res.status(removed ? 205 : 204).end();
  }));

  // Official statuses: 205 the group was deleted, 204 it did not exist.
  router.delete(GROUP, ...route({ params: groupParams }).handle(async (req, res) => {
    const { organizationId, siteId, siteSectionGroupId } = req.params;
    const deleted = await deleteSiteSectionGroup(ctx, req.caller, organizationId, siteId, siteSectionGroupId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
