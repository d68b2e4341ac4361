import { sqlMigration } from '@dp/db';

/**
 * Translation runs (docs/adr/0045): the result space and revision, measured stats, the last error; each
 * source page's translation (what incremental runs reuse); the source's files copied into the result; the
 * organization's glossary.
 */
export const translationRuns = sqlMigration(
  '20261225000602_translation_runs',
  `
      alter table translations add column if not exists result_space_id text;
      alter table translations add column if not exists result_revision_id text;
      alter table translations add column if not exists runs integer not null default 0;
      alter table translations add column if not exists total_words bigint not null default 0;
      alter table translations add column if not exists total_duration_ms bigint not null default 0;
      alter table translations add column if not exists latest_run_duration_ms integer not null default 0;
      alter table translations add column if not exists latest_pages integer not null default 0;
      alter table translations add column if not exists latest_words integer not null default 0;
      alter table translations add column if not exists last_error text;
      alter table translations add column if not exists last_run_at timestamptz;
      alter table translations add column if not exists source_deleted_at timestamptz;
      create index if not exists translations_source on translations (source_space_id);
      create table if not exists translation_pages (
        translation_id text not null references translations(id) on delete cascade,
        source_page_id text not null,
        result_page_id text not null,
        source_hash text not null,
        title text not null,
        markdown text not null,
        translated_at timestamptz not null default now(),
        primary key (translation_id, source_page_id)
      );
      create table if not exists translation_files (
        translation_id text not null references translations(id) on delete cascade,
        source_file_id text not null,
        result_file_id text not null,
        primary key (translation_id, source_file_id)
      );
      create table if not exists glossary_entries (
        seq bigint generated always as identity unique,
        id text primary key,
        organization_id text not null,
        translations jsonb not null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index if not exists glossary_entries_org on glossary_entries (organization_id, seq);
    `,
);
