import { bundleVersion } from '../../src/commands/bundle-version';

const ROOT = 'http://specs.test/api/openapi.yaml';
const SCHEMAS = 'http://specs.test/api/schemas.yaml';

const pathUsing = (ref: string) => ({ get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: ref } } } } } } });

describe('bundleVersion', () => {
  test('When a version’s root uses a file of it twice, Then the document holds it once and both uses are internal references', async () => {
    const doc = await bundleVersion({
      source_url: ROOT,
      filesystem: {
        [ROOT]: { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': pathUsing('./schemas.yaml#/Pet'), '/b': pathUsing('./schemas.yaml#/Pet') } },
        [SCHEMAS]: { Pet: { type: 'object' } },
      },
    }, 100);
    const text = JSON.stringify(doc);
    const refs = [...text.matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]);
    expect(refs).toHaveLength(1);
    expect(refs[0]).toMatch(/^#\/paths\//);
    expect(text.match(/"type":"object"/g)).toHaveLength(1);
  });

  test('When a text source is bundled, Then its root is the document and the stored files are not changed', async () => {
    const filesystem = { openapi: { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} } };
    const before = structuredClone(filesystem);
    expect(await bundleVersion({ source_url: null, filesystem }, 100)).toEqual(before.openapi);
    expect(filesystem).toEqual(before);
  });

  test('When a reference names a file the version does not hold, Then bundling fails rather than fetching it', async () => {
    const filesystem = { [ROOT]: { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': pathUsing('http://elsewhere.test/x.yaml') } } };
    await expect(bundleVersion({ source_url: ROOT, filesystem }, 100)).rejects.toThrow(/elsewhere\.test\/x\.yaml/);
  });
});
