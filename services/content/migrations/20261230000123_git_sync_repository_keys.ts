import { sqlMigration } from '@dp/db';

/**
 * Git Sync's push webhooks (docs/adr/0107): a space's repository by its host and path (what a provider's push
 * names), and the user whose runs a push starts (who last connected the space).
 */
export const gitSyncRepositoryKeys = sqlMigration(
  '20261230000123_git_sync_repository_keys',
  `
      alter table space_git_syncs add column if not exists repository_key text;
      alter table space_git_syncs add column if not exists created_by text;
      create index if not exists space_git_syncs_repository on space_git_syncs (repository_key, ref);
  `,
);
