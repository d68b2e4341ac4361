import { sqlMigration } from '@dp/db';

/**
 * Git Sync installations (official `/git/installations`, docs/adr/0107): a space's link to a provider, the
 * repository and branch chosen through it, and its token sealed under CONTENT_SECRETS_KEY.
 */
export const createGitSyncInstallations = sqlMigration(
  '20261230000124_create_git_sync_installations',
  `
      create table if not exists git_sync_installations (
        id text primary key,
        organization_id text not null,
        space_id text not null unique,
        provider text not null check (provider in ('github', 'gitlab')),
        repository_id bigint,
        branch text,
        token_sealed text,
        custom_instance_url text,
        project_directory text,
        commit_message_template text,
        priority text check (priority in ('git', 'gitbook')),
        preview_external_branches boolean,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
  `,
);
