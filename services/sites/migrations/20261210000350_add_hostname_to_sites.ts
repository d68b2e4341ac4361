import { sqlMigration } from '@dp/db';

/** A site's custom hostname (docs/adr/0091): one site per hostname, compared case-insensitively. */
export const addHostnameToSites = sqlMigration(
  '20261210000350_add_hostname_to_sites',
  `
      alter table sites add column if not exists hostname text;
      create unique index if not exists sites_hostname_unique on sites (lower(hostname)) where hostname is not null;
    `,
);
