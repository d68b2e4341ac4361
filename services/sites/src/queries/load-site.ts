import { authorizeRole, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findSite, lockSite, type SiteRow, type SiteWithCounts } from '../data/sites';
import { siteRoleOf } from './site-roles';

/**
 * Loads the site of the path's organization and authorizes the caller on it with their role on the site
 * (./site-roles.ts): 404 when it does not exist there or they hold no role on it, 403 when theirs lacks
 * `ability`. Locks the row when given a transaction.
 */
export async function loadAuthorizedSite(db: Knex, caller: Caller, organizationId: string, siteId: string, ability: Ability): Promise<{ site: SiteRow; role: Role }> {
  const site = db.isTransaction ? await lockSite(db as Knex.Transaction, organizationId, siteId) : await findSite(db, organizationId, siteId);
  if (!site) throw notFound('Site');
  return { site, role: authorizeRole(await siteRoleOf(db, caller, site), ability, 'Site') };
}

/** The site with its counts (a GET), authorized as above. */
export async function loadViewableSite(db: Knex, caller: Caller, organizationId: string, siteId: string, ability: Ability): Promise<{ site: SiteWithCounts; role: Role }> {
  const site = await findSite(db, organizationId, siteId);
  if (!site) throw notFound('Site');
  return { site, role: authorizeRole(await siteRoleOf(db, caller, site), ability, 'Site') };
}
