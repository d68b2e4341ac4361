import { sqlMigration } from '@dp/db';

export const createSpacesAndRevisions = sqlMigration(
  '20261122000101_create_spaces_and_revisions',
  `
      create table if not exists spaces (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        title text not null default '',
        emoji text,
        visibility text not null default 'private',
        edit_mode text not null default 'live' check (edit_mode in ('live','locked')),
        parent_id text,
        default_level text not null default 'inherit',
        revision_id text not null,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz
      );
      create index if not exists spaces_org_live on spaces (organization_id, seq) where deleted_at is null;
      create index if not exists spaces_deleted on spaces (deleted_at) where deleted_at is not null;
      create table if not exists revisions (
        seq bigint generated always as identity unique,
        id text primary key,
        space_id text not null references spaces(id) on delete cascade deferrable initially deferred,
        parents text[] not null default '{}',
        type text not null default 'edits',
        created_by text,
        created_at timestamptz not null default now()
      );
      create index if not exists revisions_space on revisions (space_id);
    `,
);
