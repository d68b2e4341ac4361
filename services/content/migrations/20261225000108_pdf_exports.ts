import { sqlMigration } from '@dp/db';

/**
 * PDF exports of a space's or change request's content (docs/adr/0044): what to print (a revision, a page,
 * only it or with its subpages), until when its URL works, and the PDF once printed. The URL's token is kept
 * only as its sha256: a read of the table does not give working URLs.
 */
export const pdfExports = sqlMigration(
  '20261225000108_pdf_exports',
  `
      create table if not exists pdf_exports (
        token_hash text primary key,
        space_id text not null references spaces(id) on delete cascade,
        change_request_id text,
        revision_id text not null,
        page_id text,
        only_page boolean not null default false,
        requested_by text not null,
        expires_at timestamptz not null,
        pdf bytea,
        printed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index if not exists pdf_exports_expiry on pdf_exports (expires_at);
    `,
);
