import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, validate, type ListParams } from '@dp/http';
import type { SitesContext } from '../context';
import { findSite } from '../data/sites';
import { listShareLinks } from '../data/share-links';
import { createShareLink } from '../commands/create-share-link';
import { updateShareLink } from '../commands/update-share-link';
import { deleteShareLink } from '../commands/delete-share-link';
import { SITE_READ } from '../domain/site-rules';
import { presentShareLink, shareLinkLocation } from '../presenters/share-link';
import { createShareLinkBody, listShareLinksQuery, shareLinkParams, siteParams, updateShareLinkBody } from '../schemas/share-links';

const SHARE_LINKS = '/v1/orgs/:organizationId/sites/:siteId/share-links';
const SHARE_LINK = `${SHARE_LINKS}/:shareLinkId`;

export function shareLinksRouter(ctx: SitesContext): Router {
  const router = Router();

  router.get(SHARE_LINKS, validate({ params: siteParams, query: listShareLinksQuery }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    authorize(req.caller, organizationId, SITE_READ, 'Site');
    const site = await findSite(ctx.db, organizationId, req.params.siteId as string);
    if (!site) throw notFound('Site');
    const page = await listShareLinks(ctx.db, site.id, req.query as ListParams);
    res.json(presentPage(page, (link) => presentShareLink(link, site, ctx.links)));
  });

  router.post(SHARE_LINKS, validate({ params: siteParams, body: createShareLinkBody }), async (req, res) => {
    const { shareLink, site } = await createShareLink(ctx, req.caller, req.params.organizationId as string, req.params.siteId as string, req.body);
    res.status(201).location(shareLinkLocation(ctx.links, site, shareLink.id)).json(presentShareLink(shareLink, site, ctx.links));
  });

  router.patch(SHARE_LINK, validate({ params: shareLinkParams, body: updateShareLinkBody }), async (req, res) => {
    const { organizationId, siteId, shareLinkId } = req.params as Record<string, string>;
    const { shareLink, site } = await updateShareLink(ctx, req.caller, organizationId, siteId, shareLinkId, req.body);
    res.json(presentShareLink(shareLink, site, ctx.links));
  });

  // Official statuses: 205 the share link was deleted, 204 it did not exist.
  router.delete(SHARE_LINK, validate({ params: shareLinkParams }), async (req, res) => {
    const { organizationId, siteId, shareLinkId } = req.params as Record<string, string>;
    const deleted = await deleteShareLink(ctx, req.caller, organizationId, siteId, shareLinkId);
    res.status(deleted ? 205 : 204).end();
  });

  return router;
}
