import type { Knex } from 'knex';
import { documentOfMarkdown } from '../domain/revision/page-document';
import { cachesOf } from './immutable-cache';

/**
 * Pages' content, content-addressed: identical pages across revisions and spaces are stored once, each as its
 * markdown and its JSON document (docs/adr/0076): the document as written for a page written as JSON
 * (`written`, by hash, docs/adr/0072), the markdown parsed once for the others. Rows already stored are not
 * parsed again (a duplicated space stores nothing new).
 */
export async function storeDocuments(db: Knex, documents: Map<string, string>, written: ReadonlyMap<string, unknown> = new Map()): Promise<void> {
  if (documents.size === 0) return;
  const stored = new Set<string>(await db('documents').whereRaw('hash = any(?::text[])', [[...documents.keys()]]).pluck('hash'));
  const rows = [...documents]
    .filter(([hash]) => !stored.has(hash))
    .map(([hash, markdown]) => ({ hash, markdown, document: JSON.stringify(written.get(hash) ?? documentOfMarkdown(markdown)) }));
  for (let i = 0; i < rows.length; i += 500) await db('documents').insert(rows.slice(i, i + 500)).onConflict('hash').ignore();
}

/** Markdown by hash; one query with one array parameter, however many documents (5,000 pages: one round trip). */
export async function loadDocuments(db: Knex, hashes: string[]): Promise<Map<string, string>> {
  const cache = cachesOf(db).documents;
  const out = new Map<string, string>();
  const missing: string[] = [];
  for (const hash of new Set(hashes.filter(Boolean))) {
    const markdown = cache.get(hash);
    if (markdown !== undefined) out.set(hash, markdown);
    else missing.push(hash);
  }
  if (missing.length === 0) return out;
  const rows: Array<{ hash: string; markdown: string }> = await db('documents').whereRaw('hash = any(?::text[])', [missing]).select('hash', 'markdown');
  for (const row of rows) {
    // A document's content is its hash: caching it is safe even inside a transaction.
    cache.set(row.hash, row.markdown);
    out.set(row.hash, row.markdown);
  }
  return out;
}

/** A page's JSON document (null only for a row no migration has reached yet: its markdown is then parsed at read). */
export async function loadStoredDocument(db: Knex, hash: string): Promise<unknown> {
  const cache = cachesOf(db).stored;
  const cached = cache.get(hash);
  if (cached) return cached.document;
  const row: { document: unknown; bytes: number } | undefined = await db('documents').where({ hash }).first('document', db.raw('coalesce(octet_length(document::text), 0)::int as bytes'));
  const document = row?.document ?? null;
  // A row never changes once written, so neither does its answer, null included.
  if (row) cache.set(hash, { document, bytes: row.bytes });
  return document;
}

/** Bytes (UTF-8) of each document by hash, without reading the markdown itself (the PDF export's size cap). */
export async function documentSizes(db: Knex, hashes: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(hashes.filter(Boolean))];
  if (unique.length === 0) return new Map();
  const rows: Array<{ hash: string; bytes: number }> = await db('documents').whereRaw('hash = any(?::text[])', [unique]).select('hash', db.raw('octet_length(markdown)::int as bytes'));
  return new Map(rows.map((row) => [row.hash, row.bytes]));
}

export async function storeBlobs(db: Knex, blobs: Map<string, { bytes: Buffer; contentType: string }>): Promise<void> {
  for (const [hash, blob] of blobs) {
    await db('file_blobs').insert({ hash, bytes: blob.bytes, content_type: blob.contentType, size: blob.bytes.length }).onConflict('hash').ignore();
  }
}

export const loadBlob = (db: Knex, hash: string): Promise<{ bytes: Buffer; content_type: string } | undefined> =>
  db('file_blobs').where({ hash }).first('bytes', 'content_type');
