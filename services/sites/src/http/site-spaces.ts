import { Router } from 'express';
import { askerOf } from '@dp/auth';
import { onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentApi } from '../clients/content';
import type { SitesContext } from '../context';
import { listSiteSpaces, siteSpacesOf } from '../data/site-spaces';
import { addSiteSpace } from '../commands/add-site-space';
import { updateSiteSpaceSettings } from '../commands/update-site-space';
import { moveSiteSpace } from '../commands/move-site-space';
import { deleteSiteSpace } from '../commands/delete-site-space';
import { SITE_READ } from '../domain/site-rules';
import { presentSiteSpace, siteSpaceLocation } from '../presenters/site-space';
import { addSiteSpaceBody, listSiteSpacesQuery, moveSiteSpaceBody, siteParams, siteSpaceParams, updateSiteSpaceBody } from '../schemas/site-spaces';
import { activeShareKey } from '../queries/share-key';
import { loadViewableSite } from '../queries/load-site';

const SITE_SPACES = '/v1/orgs/:organizationId/sites/:siteId/site-spaces';
const SITE_SPACE = `${SITE_SPACES}/:siteSpaceId`;

export function siteSpacesRouter(ctx: SitesContext, content: ContentApi): Router {
  const router = Router();

  router.get(SITE_SPACES, ...route({ params: siteParams, query: listSiteSpacesQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { site, role } = await loadViewableSite(ctx.db, req.caller, organizationId, req.params.siteId, SITE_READ);
    const query = req.query;
    const page = await listSiteSpaces(ctx.db, site.id, query);
    const shareKey = await activeShareKey(ctx.db, site, query.shareKey);
    res.json(presentPage(page, (siteSpace) => presentSiteSpace(siteSpace, site, role, ctx.links, shareKey)));
  }));

  // The Git Sync installations of the site and its spaces (official listSiteGitSyncInstallations): content's, on the caller's behalf.
  router.get('/v1/orgs/:organizationId/sites/:siteId/spaces/git/installations', ...route({ params: siteParams }).handle(async (req, res) => {
    const { site } = await loadViewableSite(ctx.db, req.caller, req.params.organizationId, req.params.siteId, SITE_READ);
    const spaceIds = [...new Set((await siteSpacesOf(ctx.db, site.id)).map((siteSpace) => siteSpace.space_id))];
    res.json(await content.gitInstallations(site.id, spaceIds, onBehalfOf(req)));
  }));

  // Official: 201 with the SiteSpace and its Location, or 204 when the client sent `Prefer: return=minimal`.
  router.post(SITE_SPACES, ...route({ params: siteParams, body: addSiteSpaceBody }).handle(async (req, res) => {
    const { siteSpace, site, role } = await addSiteSpace(
      ctx,
      content,
      askerOf(req),
      req.params.organizationId,
      req.params.siteId,
      req.body,
    );
    res.location(siteSpaceLocation(ctx.links, site, siteSpace.id));
    if (/\breturn=minimal\b/.test(req.header('prefer') ?? '')) {
      res.status(204).setHeader('Preference-Applied', 'return=minimal');
      res.end();
      return;
    }
    res.status(201).json(presentSiteSpace(siteSpace, site, role, ctx.links));
  }));

  router.patch(SITE_SPACE, ...route({ params: siteSpaceParams, body: updateSiteSpaceBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSpaceId } = req.params;
    const { siteSpace, site, role } = await updateSiteSpaceSettings(ctx, content, askerOf(req), organizationId, siteId, siteSpaceId, req.body);
    res.json(presentSiteSpace(siteSpace, site, role, ctx.links));
  }));

  router.post(`${SITE_SPACE}/move`, ...route({ params: siteSpaceParams, body: moveSiteSpaceBody }).handle(async (req, res) => {
    const { organizationId, siteId, siteSpaceId } = req.params;
    const { siteSpace, site, role } = await moveSiteSpace(ctx, req.caller, organizationId, siteId, siteSpaceId, req.body);
    res.json(presentSiteSpace(siteSpace, site, role, ctx.links));
  }));

  // Official statuses: 205 the site space was deleted, 204 it did not exist.
  router.delete(SITE_SPACE, ...route({ params: siteSpaceParams }).handle(async (req, res) => {
    const { organizationId, siteId, siteSpaceId } = req.params;
    const deleted = await deleteSiteSpace(ctx, req.caller, organizationId, siteId, siteSpaceId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
