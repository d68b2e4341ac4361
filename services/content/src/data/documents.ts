import type { Knex } from 'knex';

/** Markdown documents, content-addressed: identical pages across revisions and spaces are stored once. */
export async function storeDocuments(db: Knex, documents: Map<string, string>): Promise<void> {
  if (documents.size === 0) return;
  const rows = [...documents].map(([hash, markdown]) => ({ hash, markdown }));
  for (let i = 0; i < rows.length; i += 500) await db('documents').insert(rows.slice(i, i + 500)).onConflict('hash').ignore();
}

export async function loadDocuments(db: Knex, hashes: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(hashes.filter(Boolean))];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 1000) {
    const rows: Array<{ hash: string; markdown: string }> = await db('documents').whereIn('hash', unique.slice(i, i + 1000)).select('hash', 'markdown');
    rows.forEach((r) => out.set(r.hash, r.markdown));
  }
  return out;
}

export async function storeBlobs(db: Knex, blobs: Map<string, { bytes: Buffer; contentType: string }>): Promise<void> {
  for (const [hash, blob] of blobs) {
    await db('file_blobs').insert({ hash, bytes: blob.bytes, content_type: blob.contentType, size: blob.bytes.length }).onConflict('hash').ignore();
  }
}

export const loadBlob = (db: Knex, hash: string): Promise<{ bytes: Buffer; content_type: string } | undefined> =>
  db('file_blobs').where({ hash }).first('bytes', 'content_type');
