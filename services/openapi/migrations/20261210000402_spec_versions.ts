import { sqlMigration } from '@dp/db';

/**
 * Versions of a spec (immutable, one per distinct bundled content) and what a processing run leaves on the
 * spec: the message of its last failure (the code is `last_process_error_code`).
 */
export const specVersions = sqlMigration(
  '20261210000402_spec_versions',
  `
      create table if not exists spec_versions (
        seq bigint generated always as identity unique,
        id text primary key,
        spec_id text not null references specs (id) on delete cascade,
        content_hash text not null,
        filesystem jsonb not null,
        source_url text,
        created_at timestamptz not null default now()
      );
      create index if not exists spec_versions_spec on spec_versions (spec_id, seq);
      alter table specs add column if not exists last_process_error_message text;
    `,
);
