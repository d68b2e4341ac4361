import type { Migration } from '@dp/db';
import { documentOfMarkdown } from '../src/domain/revision/page-document';

/** Rows read and written per round trip: a few hundred pages of JSON, whatever the pages hold. */
const BATCH = 200;

/**
 * Every stored page gets its JSON document (docs/adr/0076): rows written as markdown before now had none (their
 * `format=document` was made at each read). Each is parsed once, in hash order, a batch at a time; rows written
 * as JSON keep theirs. Forward-only and safe to run twice: only rows without a document are touched.
 */
export const parseMarkdownDocuments: Migration = {
  name: '20261228000111_parse_markdown_documents',
  async up(db, log) {
    let parsed = 0;
    let after = '';
    for (;;) {
      const rows: Array<{ hash: string; markdown: string }> = await db('documents').whereNull('document').where('hash', '>', after).orderBy('hash').limit(BATCH).select('hash', 'markdown');
      if (rows.length === 0) break;
      const documents = rows.map((row) => JSON.stringify(documentOfMarkdown(row.markdown)));
      await db.raw('update documents d set document = v.document::jsonb from unnest(?::text[], ?::text[]) as v(hash, document) where d.hash = v.hash and d.document is null', [rows.map((row) => row.hash), documents]);
      parsed += rows.length;
      after = rows[rows.length - 1].hash;
    }
    // A schema created now has nothing to parse and nothing to say.
    if (parsed) log?.info({ parsed }, `${parsed} page document(s) written as markdown parsed into JSON documents`);
  },
};
