import { parse } from 'yaml';
import type { SpecLimits } from '../../src/commands/load-spec';
import { SpecLimitExceeded } from '../../src/domain/processing-error';
import { specThreads, SpecThreadsBusy, type ThreadLimits } from '../../src/threads/spec-threads';

const NO_BUDGET: SpecLimits = { maxAliases: 100, maxDocumentBytes: 100_000_000, maxDereferencedNodes: Number.MAX_SAFE_INTEGER };
const ROOT = 'http://specs.test/openapi.json';
const SMALL = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} });

function fanOut(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) schemas[`L${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } } };
  schemas[`L${levels}`] = { type: 'string' };
  const ok = { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Fan-out', version: '1' }, paths: { '/x': { get: { responses: { 200: ok } } } }, components: { schemas } });
}

const limits = (over: Partial<ThreadLimits> = {}): ThreadLimits => ({ timeoutMs: 10_000, memoryMb: 256, concurrency: 1, queue: 8, ...over });

/**
 * How the spec threads' outcomes read (docs/adr/0058): past a limit a SpecLimitExceeded naming it, fetches asked
 * of this loop with the $ref as written and not counted, busy as its own error. The threads themselves (deadline,
 * heap, queue, the caller's loop left free) are tested in libs/threads/test (docs/adr/0063).
 */
describe('spec threads', () => {
  test('When validating runs past the deadline (no node budget), Then the thread is ended with an error naming the limit', async () => {
    const threads = specThreads(limits({ timeoutMs: 1_500 }));
    const started = Date.now();
    const outcome = await threads.load({ text: fanOut(26) }, NO_BUDGET, async () => Buffer.from('')).catch((err: unknown) => err);
    expect(outcome).toBeInstanceOf(SpecLimitExceeded);
    expect(String(outcome)).toMatch(/more than 1500 ms of computing/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  test('When a file takes longer to fetch than the deadline, Then the wait does not count and the spec loads', async () => {
    const threads = specThreads(limits({ timeoutMs: 4_000 }));
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return Buffer.from(SMALL);
    };
    const { files } = await threads.load({ url: ROOT }, NO_BUDGET, slow);
    expect(files[ROOT]).toEqual(JSON.parse(SMALL));
  });

  test('When the thread needs more heap than its limit, Then it is ended with an error naming the limit', async () => {
    const threads = specThreads(limits({ timeoutMs: 60_000, memoryMb: 16 }));
    const big = `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\nx-rows:\n${'  - {name: "row", value: "0123456789012345678901234567890123456789"}\n'.repeat(100_000)}`;
    const outcome = await threads.load({ text: big }, NO_BUDGET, async () => Buffer.from('')).catch((err: unknown) => err);
    expect(outcome).toBeInstanceOf(SpecLimitExceeded);
    expect(String(outcome)).toMatch(/more than 16 MB of memory/);
  });

  test('When a file cannot be read, Then the reader was asked with the $ref as written and the thread fails', async () => {
    const threads = specThreads(limits());
    const asked: [string, string | undefined][] = [];
    const refuse = async (url: string, asWritten?: string) => {
      asked.push([url, asWritten]);
      throw new Error('refused');
    };
    await expect(threads.load({ text: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents: {schemas: {A: {$ref: "./a.yaml"}}}\n' }, NO_BUDGET, refuse)).rejects.toThrow(/a\.yaml/);
    expect(asked).toEqual([['/a.yaml', './a.yaml']]);
  });

  test('When a version is bundled, Then the thread answers its JSON or YAML text', async () => {
    const threads = specThreads(limits({ concurrency: 2 }));
    const version = { source_url: ROOT, filesystem: { [ROOT]: JSON.parse(SMALL) } };
    const [json, yaml] = await Promise.all([threads.bundle(version, 'json', 100), threads.bundle(version, 'yaml', 100)]);
    expect(JSON.parse(json)).toEqual(JSON.parse(SMALL));
    expect(parse(yaml)).toEqual(JSON.parse(SMALL));
  });

  test('When every thread is taken and the queue is full, Then one more spec is refused at once as busy, not as the spec’s failure', async () => {
    const threads = specThreads(limits({ queue: 0 }));
    const held = threads.load({ url: ROOT }, NO_BUDGET, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return Buffer.from(SMALL);
    });
    await expect(threads.load({ text: SMALL }, NO_BUDGET, async () => Buffer.from(''))).rejects.toBeInstanceOf(SpecThreadsBusy);
    expect((await held).files[ROOT]).toEqual(JSON.parse(SMALL));
  });
});
