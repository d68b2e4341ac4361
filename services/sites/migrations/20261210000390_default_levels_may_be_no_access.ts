import { sqlMigration } from '@dp/db';

/**
 * A default level may be `null`, the official "no access" (docs/adr/0101): on a site, and on the copies of
 * content's spaces, which now carry it.
 */
export const defaultLevelsMayBeNoAccess = sqlMigration(
  '20261210000390_default_levels_may_be_no_access',
  `alter table sites alter column default_level drop not null;
   alter table space_copies alter column default_level drop not null;`,
);
