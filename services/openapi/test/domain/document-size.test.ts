import { documentSize } from '../../src/domain/document-size';

describe('documentSize', () => {
  test('When the document is a plain tree, Then bytes are about its JSON length and nodes count every value', () => {
    const doc = { openapi: '3.1.0', info: { title: 'Pets', version: '1' }, tags: ['a', 'b'], n: 12, ok: true, none: null };
    const { nodes, bytes } = documentSize(doc);
    expect(nodes).toBe(11);
    expect(Math.abs(bytes - JSON.stringify(doc).length)).toBeLessThan(12);
  });

  test('When one object is shared by many places (aliases, dereferenced $refs), Then it counts at each place', () => {
    const leaf = { type: 'string', description: 'x'.repeat(100) };
    const doc = { a: leaf, b: leaf, c: [leaf, leaf] };
    expect(documentSize(doc).nodes).toBe(1 + 4 * 3 + 1);
    expect(documentSize(doc).bytes).toBeGreaterThan(4 * 100);
  });

  test('When sharing fans out over 40 levels, Then the size is 2^40-fold and measured at once', () => {
    let level: object = { type: 'string' };
    for (let i = 0; i < 40; i++) level = { a: level, b: level };
    const started = Date.now();
    const { nodes } = documentSize(level);
    expect(nodes).toBeGreaterThan(2 ** 40);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  test('When the document has a cycle (a circular $ref), Then it counts where it closes and ends', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.self = node;
    expect(documentSize(node).nodes).toBe(3);
  });
});
