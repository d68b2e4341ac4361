import { Router } from 'express';
import { presentPage, route } from '@dp/http';
import type { SitesContext } from '../context';
import { listShareLinks } from '../data/share-links';
import { createShareLink } from '../commands/create-share-link';
import { updateShareLink } from '../commands/update-share-link';
import { deleteShareLink } from '../commands/delete-share-link';
import { SITE_READ } from '../domain/site-rules';
import { presentShareLink, shareLinkLocation } from '../presenters/share-link';
import { createShareLinkBody, listShareLinksQuery, shareLinkParams, siteParams, updateShareLinkBody } from '../schemas/share-links';
import { loadViewableSite } from '../queries/load-site';

const SHARE_LINKS = '/v1/orgs/:organizationId/sites/:siteId/share-links';
const SHARE_LINK = `${SHARE_LINKS}/:shareLinkId`;

export function shareLinksRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(SHARE_LINKS, ...route({ params: siteParams, query: listShareLinksQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { site } = await loadViewableSite(ctx.db, req.caller, organizationId, req.params.siteId, SITE_READ);
    const page = await listShareLinks(ctx.db, site.id, req.query);
    res.json(presentPage(page, (link) => presentShareLink(link, site, ctx.links)));
  }));

  router.post(SHARE_LINKS, ...route({ params: siteParams, body: createShareLinkBody }).handle(async (req, res) => {
    const { shareLink, site } = await createShareLink(ctx, req.caller, req.params.organizationId, req.params.siteId, req.body);
    res.status(201).location(shareLinkLocation(ctx.links, site, shareLink.id)).json(presentShareLink(shareLink, site, ctx.links));
  }));

  router.patch(SHARE_LINK, ...route({ params: shareLinkParams, body: updateShareLinkBody }).handle(async (req, res) => {
    const { organizationId, siteId, shareLinkId } = req.params;
    const { shareLink, site } = await updateShareLink(ctx, req.caller, organizationId, siteId, shareLinkId, req.body);
    res.json(presentShareLink(shareLink, site, ctx.links));
  }));

  // Official statuses: 205 the share link was deleted, 204 it did not exist.
  router.delete(SHARE_LINK, ...route({ params: shareLinkParams }).handle(async (req, res) => {
    const { organizationId, siteId, shareLinkId } = req.params;
    const deleted = await deleteShareLink(ctx, req.caller, organizationId, siteId, shareLinkId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
