import { authorize, type Ability, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findSite, lockSite, type SiteRow } from '../data/sites';

/**
 * Authorizes the caller on the organization of the path (404 when they are not a member, 403 when their
 * role lacks `ability`), then loads the site of that organization: a site of another organization is a 404.
 * Locks the row when given a transaction.
 */
export async function loadAuthorizedSite(db: Knex, caller: Caller, organizationId: string, siteId: string, ability: Ability): Promise<{ site: SiteRow; role: Role }> {
  const role = authorize(caller, organizationId, ability, 'Site');
  const site = db.isTransaction ? await lockSite(db as Knex.Transaction, organizationId, siteId) : await findSite(db, organizationId, siteId);
  if (!site) throw notFound('Site');
  return { site, role };
}
