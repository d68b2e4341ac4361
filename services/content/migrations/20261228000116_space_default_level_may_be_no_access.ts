import { sqlMigration } from '@dp/db';

/**
 * A space's default level may be `null`, the official "no access" (docs/adr/0101): organization members who were
 * not granted it, the admins and its creator apart, do not see it. Collections allowed it already.
 */
export const spaceDefaultLevelMayBeNoAccess = sqlMigration(
  '20261228000116_space_default_level_may_be_no_access',
  `alter table spaces alter column default_level drop not null;`,
);
