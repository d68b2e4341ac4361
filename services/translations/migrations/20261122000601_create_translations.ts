import { sqlMigration } from '@dp/db';

export const createTranslations = sqlMigration(
  '20261122000601_create_translations',
  `
      create table if not exists translations (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        language text not null,
        source_space_id text not null,
        source_language text not null,
        instructions jsonb not null,
        status text not null default 'pending' check (status in ('pending','running','completed')),
        created_by text not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists translations_org on translations (organization_id, seq);
    `,
);
