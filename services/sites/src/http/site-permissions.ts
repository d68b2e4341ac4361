import type { Router } from 'express';
import { grantRouter } from '@dp/grants';
import type { SitesContext } from '../context';
import { sitesGrants } from '../commands/site-grants';

/** The official permission operations of users and teams on a site (docs/adr/0098). */
export const sitePermissionsRouter = (ctx: SitesContext): Router =>
  grantRouter(sitesGrants(ctx), '/v1/orgs/:organizationId/sites/:siteId/permissions', ['organizationId', 'siteId']);
