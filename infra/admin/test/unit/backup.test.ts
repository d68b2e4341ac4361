import { Readable } from 'node:stream';
import { AdminError } from '../../src/errors';
import { parseBetweenTables, parseHeader, type BackupHeader } from '../../src/backup/format';
import { lines } from '../../src/backup/lines';
import { loadOrder } from '../../src/backup/order';
import { planRestore, type RestoreTarget } from '../../src/backup/plan';

describe('loadOrder', () => {
  test('When tables reference others, Then each comes after what it references, and ties keep their order', () => {
    const order = loadOrder(['comments', 'pages', 'revisions', 'spaces'], [
      { table: 'comments', references: 'pages' },
      { table: 'pages', references: 'revisions' },
      { table: 'revisions', references: 'spaces' },
      { table: 'pages', references: 'pages' },
    ]);
    expect(order).toEqual(['spaces', 'revisions', 'pages', 'comments']);
    expect(loadOrder(['b', 'a'], [])).toEqual(['b', 'a']);
  });

  test('When foreign keys form a cycle, Then no order is given', () => {
    expect(() => loadOrder(['a', 'b'], [{ table: 'a', references: 'b' }, { table: 'b', references: 'a' }])).toThrow('foreign keys form a cycle between a, b');
  });
});

describe('the file format', () => {
  const header: BackupHeader = { format: 'docs-platform-backup', version: 1, createdAt: '2026-11-29T00:00:00.000Z', postgres: '15.20', contexts: [{ context: 'identity', schema: 'identity', queue: 'identity', migrations: ['m1'] }] };

  test('When a header, a section or a trailer is read, Then it is checked against its shape', () => {
    expect(parseHeader(JSON.stringify(header))).toEqual(header);
    expect(() => parseHeader(undefined)).toThrow('it is empty');
    expect(() => parseHeader('PGDMP')).toThrow('its first line is not JSON');
    expect(() => parseHeader(JSON.stringify({ ...header, version: 3 }))).toThrow('this backup is version 3 of the format; this CLI reads version 1');
    expect(() => parseHeader(JSON.stringify({ ...header, contexts: [{ context: 'identity' }] }))).toThrow(AdminError);
    expect(parseBetweenTables('{"table":{"context":"identity","name":"users","columns":["id"]}}')).toEqual({ table: { context: 'identity', name: 'users', columns: ['id'] } });
    expect(parseBetweenTables('{"trailer":{"sequences":[{"context":"identity","name":"s","value":"9007199254740993","isCalled":true}],"tables":1,"rows":2}}')).toMatchObject({ trailer: { rows: 2 } });
    expect(() => parseBetweenTables('{"trailer":{"sequences":[],"tables":1,"rows":-1}}')).toThrow('neither a table nor the trailer');
    expect(() => parseBetweenTables('1\tAda')).toThrow('a section line is not JSON');
  });

  test('When bytes arrive in any chunks, Then lines split on newlines only, carriage returns kept', async () => {
    const chunks = ['a\tb\r', '\nc', '', 'd\n\\.\n', 'tail'].map((s) => Buffer.from(s));
    const found: string[] = [];
    for await (const line of lines(Readable.from(chunks))) found.push(line.toString());
    expect(found).toEqual(['a\tb\r', 'cd', '\\.', 'tail']);
  });
});

describe('planRestore', () => {
  const header = (migrations: string[]): BackupHeader => ({
    format: 'docs-platform-backup',
    version: 1,
    createdAt: 'x',
    postgres: '17',
    contexts: [
      { context: 'identity', schema: 'old_identity', queue: 'old_identity', migrations },
      { context: 'sites', schema: 'old_sites', queue: 'old_sites', migrations: [] },
    ],
  });
  const target = (over: Partial<RestoreTarget> = {}): RestoreTarget => ({ context: 'identity', schema: 'new_identity', known: ['m1', 'm2', 'm3'], applied: null, filled: [], ...over });

  test('When the targets are empty, Then each migrated context is brought to the backup level first, and never-migrated ones are skipped', () => {
    expect(planRestore(header(['m1', 'm2']), [target()])).toEqual([{ context: 'identity', schema: 'new_identity', migrations: ['m1', 'm2'] }]);
    expect(planRestore(header(['m1', 'm2']), [target({ applied: ['m2', 'm1'] })])).toHaveLength(1);
  });

  test('When a target holds rows, is at another level, or the backup is newer than the code, Then the restore is refused before anything is written', () => {
    expect(() => planRestore(header(['m1']), [target({ filled: ['users', 'api_tokens'] })])).toThrow('restore fills empty schemas only: new_identity.users, new_identity.api_tokens already hold rows');
    expect(() => planRestore(header(['m1']), [target({ applied: ['m1', 'm2'] })])).toThrow('new_identity is migrated to another level than the backup');
    expect(() => planRestore(header(['m1', 'm4']), [target()])).toThrow("the backup's identity schema has migrations this version does not know (m4)");
    expect(() => planRestore(header(['m1']), [])).toThrow('the backup holds context "identity", which this version does not have');
  });
});
