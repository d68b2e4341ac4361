import { sqlMigration } from '@dp/db';

/**
 * Import runs (docs/adr/0061): a website import started with `POST /org/{id}/imports` runs in the background
 * within the import deadline; the row is what its reads show (status, reason, times) and what it wrote.
 */
export const createImportRuns = sqlMigration(
  '20261227000109_create_import_runs',
  `
      create table if not exists import_runs (
        id text primary key,
        seq bigserial not null unique,
        organization_id text not null,
        space_id text not null references spaces(id) on delete cascade,
        change_request_id text,
        source_url text not null,
        status text not null,
        reason text,
        revision_id text,
        imported_resources integer,
        total_resources integer,
        created_by text not null,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        completed_at timestamptz,
        updated_at timestamptz not null default now()
      );
      create index if not exists import_runs_by_organization on import_runs (organization_id, seq);
      create index if not exists import_runs_active on import_runs (organization_id) where status in ('pending', 'in-progress');
    `,
);
