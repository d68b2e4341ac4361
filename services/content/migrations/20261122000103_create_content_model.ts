import { sqlMigration } from '@dp/db';

/**
 * Revision content (page tree, files, variables), content-addressed documents and files, change requests,
 * and the local copy of users (from identity events) that change requests present as `createdBy`.
 */
export const createContentModel = sqlMigration(
  '20261122000103_create_content_model',
  `
      alter table revisions add column if not exists pages jsonb not null default '[]';
      alter table revisions add column if not exists files jsonb not null default '[]';
      alter table revisions add column if not exists variables jsonb not null default '{}';
      alter table revisions add column if not exists change_request_id text;
      create table if not exists documents (
        hash text primary key,
        markdown text not null,
        created_at timestamptz not null default now()
      );
      create table if not exists file_blobs (
        hash text primary key,
        bytes bytea not null,
        content_type text not null,
        size int not null,
        created_at timestamptz not null default now()
      );
      create table if not exists change_requests (
        seq bigint generated always as identity unique,
        id text primary key,
        space_id text not null references spaces(id) on delete cascade,
        number int not null,
        status text not null default 'draft' check (status in ('draft','open','archived','merged')),
        subject text not null default '',
        created_by text not null,
        revision_initial text not null,
        revision_merged_ancestor text,
        revision_id text not null,
        revision_merged text,
        merged_by text,
        merged_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (space_id, number)
      );
      create table if not exists users (
        id text primary key,
        email text not null,
        display_name text not null,
        photo_url text,
        updated_at timestamptz not null default now()
      );
      create index if not exists change_requests_space_status on change_requests (space_id, status, seq);
      create table if not exists change_request_contributors (
        change_request_id text not null references change_requests(id) on delete cascade,
        user_id text not null,
        contributed_at timestamptz not null default now(),
        primary key (change_request_id, user_id)
      );
  `,
);
