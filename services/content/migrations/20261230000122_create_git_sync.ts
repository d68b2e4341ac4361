import { sqlMigration } from '@dp/db';

/**
 * Git Sync (docs/adr/0107): a space's connection to a repository (its URL sealed, since it may hold credentials)
 * and the durable runs that import from it or export to it, in order per space; a revision an import or an export
 * made says which commit it is.
 */
export const createGitSync = sqlMigration(
  '20261230000122_create_git_sync',
  `
      create table if not exists space_git_syncs (
        space_id text primary key,
        organization_id text not null,
        installation_id text not null unique,
        provider text not null,
        repository_name text not null,
        url_sealed text not null,
        ref text not null,
        project_directory text not null default '',
        tree_url text,
        commit_url text,
        config jsonb,
        synced_revision_id text,
        synced_commit_id text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create table if not exists git_sync_runs (
        id text primary key,
        seq bigserial not null,
        space_id text not null,
        organization_id text not null,
        direction text not null check (direction in ('import', 'export')),
        state text not null default 'queued' check (state in ('queued', 'running', 'success', 'failure', 'timeout', 'cancelled')),
        stage text,
        url_sealed text not null,
        ref text not null,
        project_directory text not null default '',
        commit_message text,
        standalone boolean not null default false,
        force boolean not null default false,
        created_by text not null,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        ended_at timestamptz,
        lease_until timestamptz,
        error text,
        commit_id text,
        revision_id text,
        change_request_id text
      );
      create index if not exists git_sync_runs_active on git_sync_runs (seq) where state in ('queued', 'running');
      create index if not exists git_sync_runs_space on git_sync_runs (space_id, seq desc);
      alter table revisions add column if not exists git jsonb;
  `,
);
