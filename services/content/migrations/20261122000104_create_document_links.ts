import { sqlMigration } from '@dp/db';

/**
 * The link targets written in each document (as written, before resolution), keyed by the document's hash:
 * documents are immutable, so a document is parsed once, the first time its links are read. `version` is
 * the extractor's; rows of an older one are recomputed on read. Not listed through the API (no `seq`).
 */
export const createDocumentLinks = sqlMigration(
  '20261122000104_create_document_links',
  `
      create table if not exists document_links (
        hash text primary key,
        version smallint not null,
        links jsonb not null,
        created_at timestamptz not null default now()
      );
  `,
);
