import type { Knex } from 'knex';

export interface PdfExportRow {
  token_hash: string;
  space_id: string;
  change_request_id: string | null;
  revision_id: string;
  page_id: string | null;
  only_page: boolean;
  requested_by: string;
  expires_at: Date;
  pdf: Buffer | null;
  printed_at: Date | null;
  created_at: Date;
}

export async function insertPdfExport(db: Knex, row: Omit<PdfExportRow, 'pdf' | 'printed_at' | 'created_at'>): Promise<void> {
  await db('pdf_exports').insert(row);
  // Expired exports are of no use: each new one clears a few of them.
  await db('pdf_exports').whereIn('token_hash', db('pdf_exports').select('token_hash').where('expires_at', '<', db.fn.now()).limit(100)).delete();
}

/** The export its URL's token names, while the URL works. */
export const findLiveExport = (db: Knex, tokenHash: string) => db<PdfExportRow>('pdf_exports').where({ token_hash: tokenHash }).where('expires_at', '>', db.fn.now()).first();

export async function storePrintedPdf(db: Knex, tokenHash: string, pdf: Buffer): Promise<void> {
  await db('pdf_exports').where({ token_hash: tokenHash }).update({ pdf, printed_at: db.fn.now() });
}
