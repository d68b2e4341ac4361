import type { Knex } from 'knex';
import { grantStore, heldBindings, type Grantee } from '@dp/grants';

/** Roles granted to users and teams on sites (docs/adr/0098). */
export const siteGrants = grantStore({ user: 'site_user_permissions', team: 'site_team_permissions', column: 'site_id' });

/** The sites granted to a user or their teams: a guest's list. */
export const sitesGrantedTo = (db: Knex, who: Grantee): Knex.QueryBuilder =>
  db.select('target_id').from(db.raw(`(${siteGrants.heldSql}) as granted_sites`, heldBindings(who)));
