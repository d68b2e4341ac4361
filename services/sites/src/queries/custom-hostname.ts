import { authorizeRole, type Ability, type Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findSiteByHostname, type SiteRow } from '../data/sites';
import { SITE_READ } from '../domain/site-rules';
import { siteRoleOf } from './site-roles';

/**
 * The site that has this custom hostname, for a member of its organization with `ability`; anyone else (and
 * a hostname no site has) gets the same 404, so a hostname's owner is never told to a stranger.
 */
export async function siteOfHostname(db: Knex, caller: Caller, hostname: string, ability: Ability = SITE_READ): Promise<SiteRow> {
  const site = await findSiteByHostname(db, hostname);
  if (!site) throw notFound('Custom hostname');
  authorizeRole(await siteRoleOf(db, caller, site), ability, 'Custom hostname');
  return site;
}
