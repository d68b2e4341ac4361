import { migrate } from '@dp/db';
import { expectOfficialSchema, schemaForFile } from '@dp/testing';
import { migrations } from '../migrations';
import { blockKeysByLine } from '../src/domain/revision/blocks';

/**
 * Migration 20261228000111 (docs/adr/0076): rows stored as markdown only get their JSON document, parsed once
 * and logged with a count; rows written as JSON keep theirs; running it again parses nothing.
 */
const { schema, db } = schemaForFile('cpdm', 'content');
const NAME = '20261228000111_parse_markdown_documents';

test('When the migration runs over pages stored as markdown, Then each gets its JSON document once, JSON-written rows are untouched, and the log counts them', async () => {
  await migrate(db, schema, migrations.filter((m) => m.name < NAME));
  const written = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'drawing', isVoid: true, data: {} }] };
  const tabs = '{% tabs %}\n{% tab title="Mac" %}\nRun **brew**.\n{% endtab %}\n{% endtabs %}\n\n- one\n- two';
  // More rows than one batch of the migration, so that it pages through them.
  const plain = Array.from({ length: 450 }, (_, i) => ({ hash: `h${String(i).padStart(4, '0')}`, markdown: `Page ${i}` }));
  await db('documents').insert([{ hash: 'tabs', markdown: tabs }, { hash: 'json', markdown: '', document: JSON.stringify(written) }, ...plain]);

  const said: Array<{ fields: Record<string, unknown>; message: string }> = [];
  await migrate(db, schema, migrations, { info: (fields, message) => said.push({ fields, message }) });
  expect(said).toEqual([{ fields: { parsed: 451 }, message: '451 page document(s) written as markdown parsed into JSON documents' }]);

  const documentOf = async (hash: string) => (await db('documents').where({ hash }).first('document')).document;
  const parsed = await documentOf('tabs');
  expectOfficialSchema('JSONDocument', parsed);
  expect(parsed.nodes.map((n: { type: string }) => n.type)).toEqual(['tabs', 'list-unordered']);
  expect(parsed.nodes[0].key).toBe(blockKeysByLine(tabs)(0));
  expect(parsed.nodes[0].nodes[0].nodes[0].nodes[0].leaves[1]).toMatchObject({ text: 'brew', marks: [{ type: 'bold' }] });
  expect(await documentOf('json')).toEqual(written);
  expect(await db('documents').whereNull('document').count({ n: '*' }).first()).toEqual({ n: '0' });

  // Again, as if it had not been recorded: nothing left to parse.
  const again: Array<Record<string, unknown>> = [];
  await migrations.find((m) => m.name === NAME)!.up(db, { info: (fields) => again.push(fields) });
  expect(again).toEqual([]);
  expect(await db('documents').count({ n: '*' }).first()).toEqual({ n: '452' });
});
