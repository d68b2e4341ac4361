import { loadSpec, type SpecLimits } from '../../src/commands/load-spec';
import { SpecLimitExceeded } from '../../src/domain/processing-error';

const LIMITS: SpecLimits = { maxAliases: 100, maxDocumentBytes: 1_000_000, maxDereferencedNodes: 100_000 };
const ROOT = 'http://specs.test/api/openapi.yaml';

/** Serves `files` by URL, like the guarded fetcher would; remembers what was asked. */
function server(files: Record<string, string>) {
  const asked: string[] = [];
  const read = async (url: string) => {
    asked.push(url);
    if (!(url in files)) throw new Error(`${url}: 404`);
    return Buffer.from(files[url]);
  };
  return { read, asked };
}

/** `levels` levels, each property referencing the next level twice: 2^levels schemas once dereferenced. */
function fanOut(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) schemas[`L${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } } };
  schemas[`L${levels}`] = { type: 'string' };
  const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Fan-out', version: '1' }, paths: { '/x': { get: { responses: { 200: ok } } } }, components: { schemas } });
}

describe('loadSpec', () => {
  test('When a YAML spec $refs a second file, Then both are stored as parsed, by URL, with a hash', async () => {
    const { read } = server({
      [ROOT]: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /p:\n    get:\n      responses:\n        "200": {description: ok, content: {application/json: {schema: {$ref: "./pet.yaml"}}}}\n',
      'http://specs.test/api/pet.yaml': 'type: object\n',
    });
    const { files, hash } = await loadSpec({ url: ROOT }, read, LIMITS);
    expect(Object.keys(files).sort()).toEqual([ROOT, 'http://specs.test/api/pet.yaml']);
    expect(files['http://specs.test/api/pet.yaml']).toEqual({ type: 'object' });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test('When the source URL is not written in normal form, Then the spec validates and its root keeps the URL as given', async () => {
    const given = 'HTTP://Specs.TEST:80/api/open api.json';
    const { read, asked } = server({ 'http://specs.test/api/open%20api.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }) });
    const { files } = await loadSpec({ url: given }, read, LIMITS);
    expect(Object.keys(files)).toEqual([given]);
    expect(asked).toEqual(['http://specs.test/api/open%20api.json']);
  });

  test('When a $ref’d file holds the billion laughs, Then it is refused naming the alias limit', async () => {
    const lines = ['type: object', `x-a: &a [${Array(10).fill('lol').join(', ')}]`];
    for (const [name, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd']]) lines.push(`x-${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
    const { read } = server({ [ROOT]: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents: {schemas: {Lol: {$ref: "./lol.yaml"}}}\n', 'http://specs.test/api/lol.yaml': lines.join('\n') });
    await expect(loadSpec({ url: ROOT }, read, LIMITS)).rejects.toThrow(/at most 100 alias expansions/);
  });

  test('When the parsed files pass the stored size cap, Then it is refused naming the cap', async () => {
    const text = `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\nx-big: &big [${Array(100).fill('"0123456789"').join(', ')}]\nx-uses: [${Array(50).fill('*big').join(', ')}]\n`;
    await expect(loadSpec({ text }, server({}).read, { ...LIMITS, maxDocumentBytes: 20_000 })).rejects.toThrow(/more than 20000 bytes once parsed/);
    await expect(loadSpec({ text }, server({}).read, LIMITS)).resolves.toMatchObject({ files: { openapi: expect.any(Object) } });
  });

  test('When $refs fan out past the node budget, Then it is refused at once naming the budget', async () => {
    const started = Date.now();
    const err = await loadSpec({ text: fanOut(40) }, server({}).read, LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpecLimitExceeded);
    expect(String(err)).toMatch(/dereferences into more than 100000 nodes/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test('When $refs fan out within the budget, Then the spec is valid and stored as written (not dereferenced)', async () => {
    const { files } = await loadSpec({ text: fanOut(8) }, server({}).read, LIMITS);
    expect(JSON.stringify(files.openapi)).toContain('"$ref":"#/components/schemas/L1"');
  });

  test('When a text spec has a relative $ref, Then it is read as a path under its own root, never under the working directory', async () => {
    const { read, asked } = server({});
    await expect(loadSpec({ text: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents: {schemas: {P: {$ref: "./package.json"}}}\n' }, read, LIMITS)).rejects.toThrow();
    expect(asked).toEqual(['/package.json']);
  });
});
