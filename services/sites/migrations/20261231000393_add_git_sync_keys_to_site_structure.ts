import { sqlMigration } from '@dp/db';

/**
 * The Git Sync key of each section group, section and site space a site's `gitbook-docs.yaml` made (docs/adr/0115):
 * what the next read of the file matches them by, so that a renamed or moved node keeps its id, its URLs' ids and
 * its settings. Null for what was never synced. Unique per site, as the file's keys are.
 */
export const addGitSyncKeysToSiteStructure = sqlMigration(
  '20261231000393_add_git_sync_keys_to_site_structure',
  `
      alter table site_section_groups add column if not exists git_sync_key text;
      alter table site_sections add column if not exists git_sync_key text;
      alter table site_spaces add column if not exists git_sync_key text;
      create unique index if not exists site_section_groups_git_sync_key on site_section_groups (site_id, git_sync_key) where git_sync_key is not null;
      create unique index if not exists site_sections_git_sync_key on site_sections (site_id, git_sync_key) where git_sync_key is not null;
      create unique index if not exists site_spaces_git_sync_key on site_spaces (site_id, git_sync_key) where git_sync_key is not null;
  `,
);
