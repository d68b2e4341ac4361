import { resolveRef, writtenRefs } from '../../src/domain/written-refs';
import { specFetcher } from '../../src/domain/spec-fetcher';

describe('writtenRefs', () => {
  test('When a text root has $refs to local files, Then each resolved file maps back to what was written', () => {
    const doc = {
      components: {
        schemas: { A: { $ref: './package.json#/name' }, B: { $ref: '../secrets.yaml' }, C: { $ref: '#/components/schemas/A' }, D: { $ref: 'https://specs.test/x.yaml#/X' } },
      },
    };
    expect(writtenRefs(doc, '/openapi')).toEqual(new Map([['/package.json', './package.json'], ['/secrets.yaml', '../secrets.yaml'], ['https://specs.test/x.yaml', 'https://specs.test/x.yaml']]));
  });

  test('When $refs are resolved, Then relative ones stay paths under the root and absolute URLs stay URLs', () => {
    expect(resolveRef('/openapi', './a/b.yaml#/X')).toBe('/a/b.yaml#/X');
    expect(resolveRef('/openapi', '/etc/passwd')).toBe('/etc/passwd');
    expect(resolveRef('https://specs.test/api/root.yaml', './schemas.yaml')).toBe('https://specs.test/api/schemas.yaml');
    expect(resolveRef('/openapi', 'file:///etc/passwd')).toBe('file:///etc/passwd');
  });
});

describe('specFetcher refusals', () => {
  const fetcher = () => specFetcher({ allow: [], timeoutMs: 1000, maxBytes: 1000, maxFiles: 5 });

  test('When a local file is read with the $ref as written, Then the refusal names what was written, not the path it resolved to', async () => {
    await expect(fetcher().read('/package.json', './package.json')).rejects.toThrow('$ref to "./package.json" refused: only http and https URLs are fetched, never local files');
  });

  test('When no written form is known, Then the refusal names the URL as resolved', async () => {
    await expect(fetcher().read('file:///etc/passwd')).rejects.toThrow('$ref to "file:///etc/passwd" refused');
  });
});
