import { canonicalJson, contentHash } from '../../src/domain/content-hash';

describe('content hash of a spec’s files', () => {
  test('When the same files come with keys in another order, Then the hash is the same', () => {
    const a = { openapi: { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }, 'http://x/s.yaml': { type: 'object' } };
    const b = { 'http://x/s.yaml': { type: 'object' }, openapi: { paths: {}, info: { version: '1', title: 'T' }, openapi: '3.1.0' } };
    expect(contentHash(a)).toBe(contentHash(b));
    expect(contentHash(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  test('When any value changes, Then the hash changes; array order counts', () => {
    const base = { openapi: { tags: ['a', 'b'], info: { version: '1' } } };
    expect(contentHash({ openapi: { tags: ['a', 'b'], info: { version: '2' } } })).not.toBe(contentHash(base));
    expect(contentHash({ openapi: { tags: ['b', 'a'], info: { version: '1' } } })).not.toBe(contentHash(base));
  });

  test('When a value is undefined, Then it is left out as JSON would', () => {
    expect(canonicalJson({ b: 1, a: undefined, c: [null, 'x'] })).toBe('{"b":1,"c":[null,"x"]}');
  });
});
