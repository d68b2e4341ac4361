import { sqlMigration } from '@dp/db';

/** The last DNS check of a site's custom hostname (docs/adr/0092): its official status and when it ran. */
export const addHostnameStatusToSites = sqlMigration(
  '20261210000360_add_hostname_status_to_sites',
  `
      alter table sites add column if not exists hostname_status text;
      alter table sites add column if not exists hostname_checked_at timestamptz;
    `,
);
