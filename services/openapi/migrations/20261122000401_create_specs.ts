import { sqlMigration } from '@dp/db';

export const createSpecs = sqlMigration(
  '20261122000401_create_specs',
  `
      create table if not exists specs (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        slug text not null,
        source_url text not null,
        processing_state text not null default 'pending' check (processing_state in ('pending','progress','complete')),
        visibility text not null default 'private' check (visibility in ('private','public')),
        last_version_id text,
        last_processed_at timestamptz,
        last_process_error_code text,
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        unique (organization_id, slug)
      );
      create index if not exists specs_org on specs (organization_id, seq);
    `,
);
