import { sqlMigration } from '@dp/db';

/**
 * Which page translates which (issue 26's meta links), from the translations service's events: a translation's
 * source and result spaces with their languages, and its page map as its last completed run wrote it. A deleted
 * translation keeps a tombstone (`deleted_at`) so that a completion delivered after the deletion changes nothing.
 */
export const createSpaceTranslations = sqlMigration(
  '20261229000121_create_space_translations',
  `
      create table if not exists space_translations (
        id text primary key,
        organization_id text not null,
        source_space_id text,
        source_language text,
        result_space_id text,
        language text,
        completed_at timestamptz,
        deleted_at timestamptz
      );
      create index if not exists space_translations_source on space_translations (source_space_id);
      create index if not exists space_translations_result on space_translations (result_space_id);
      create table if not exists space_translation_pages (
        translation_id text not null references space_translations(id) on delete cascade,
        source_page_id text not null,
        result_page_id text not null,
        primary key (translation_id, source_page_id)
      );
      create index if not exists space_translation_pages_result on space_translation_pages (translation_id, result_page_id);
  `,
);
