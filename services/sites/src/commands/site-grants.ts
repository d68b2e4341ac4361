import { SitesEvents } from '@dp/events';
import { identityDirectory, type GrantObject, type GrantsOn } from '@dp/grants';
import type { SitesContext } from '../context';
import { siteGrants } from '../data/site-permissions';
import { siteDefaultCuts } from '../data/sites';
import { loadAuthorizedSite } from '../queries/load-site';

/**
 * Roles granted on sites (docs/adr/0098), served by @dp/grants: a site loads with the caller's role on it
 * (./queries/site-roles.ts, through loadAuthorizedSite); each change is its own event.
 */
export const SITE_GRANTS = {
  noun: 'site',
  store: siteGrants,
  inOrganization: (db, organizationId) => db('sites').where({ organization_id: organizationId }).select('id'),
  // The path names the organization (`/orgs/{organizationId}/sites/{siteId}`): a site of another is its 404.
  load: async (db, caller, id, ability, pathOrganizationId = '') => ({ organizationId: (await loadAuthorizedSite(db, caller, pathOrganizationId, id, ability)).site.organization_id }),
  grants: async (db, siteId) => ({ ...(await siteGrants.grantsOf(db, [siteId])), cut: (await siteDefaultCuts(db, [siteId])).get(siteId) }),
  // The official UserSitePermission says why: the organization's role, or the site's grant to the user or a team.
  presentAccess: ({ permission, user, origin }, site, organization) => ({
    permission,
    user,
    origin: origin.type === 'organization' ? { type: 'organization', organization } : { type: 'site', site, reason: origin.reason, ...('team' in origin ? { team: origin.team } : {}) },
    disabled: false,
  }),
  announce: async (emit, trx, siteId, organizationId, kind, granteeId, role) => {
    if (kind === 'user') await emit(trx, SitesEvents.SITE_PERMISSION_UPDATED, { siteId, organizationId, userId: granteeId, role }, siteId);
    else await emit(trx, SitesEvents.SITE_TEAM_PERMISSION_UPDATED, { siteId, organizationId, teamId: granteeId, role }, siteId);
  },
} as const satisfies GrantObject;

/** Grants on sites as sites' routes serve them. */
export const sitesGrants = (ctx: SitesContext): GrantsOn => ({ ...SITE_GRANTS, db: ctx.db, emit: ctx.emit, log: ctx.log, directory: identityDirectory(ctx.services.identity, 'sites', ctx.config.INTERNAL_AUTH_SECRET) });
