import { parse } from 'yaml';
import type { SpecLimits } from '../../src/commands/load-spec';
import { SpecLimitExceeded } from '../../src/domain/processing-error';
import { specThreads } from '../../src/threads/spec-threads';

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

/** The longest gap between ticks of a 20 ms timer while `work` runs: how long this event loop was blocked. */
async function longestStall<T>(work: Promise<T>): Promise<{ stall: number; outcome: T | unknown }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 20);
  const outcome = await work.catch((err: unknown) => err);
  clearInterval(timer);
  return { stall, outcome };
}

describe('spec threads', () => {
  test('When validating runs past the deadline (no node budget), Then the thread is ended with an error naming the limit, and this loop was never blocked', async () => {
    const threads = specThreads({ timeoutMs: 1_500, memoryMb: 256, concurrency: 1 });
    const started = Date.now();
    const { stall, outcome } = await longestStall(threads.load({ text: fanOut(26) }, NO_BUDGET, async () => Buffer.from('')));
    expect(outcome).toBeInstanceOf(SpecLimitExceeded);
    expect(String(outcome)).toMatch(/more than 1500 ms of computing/);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Generous (a shared machine): validating 26 levels on this loop would block it for minutes.
    expect(stall).toBeLessThan(1_000);
  });

  test('When a file takes longer to fetch than the deadline, Then the wait does not count and the spec loads', async () => {
    const threads = specThreads({ timeoutMs: 4_000, memoryMb: 256, concurrency: 1 });
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return Buffer.from(SMALL);
    };
    const { files } = await threads.load({ url: ROOT }, NO_BUDGET, slow);
    expect(files[ROOT]).toEqual(JSON.parse(SMALL));
  });

  test('When the thread needs more heap than its limit, Then it is ended with an error naming the limit', async () => {
    const threads = specThreads({ timeoutMs: 60_000, memoryMb: 16, concurrency: 1 });
    const big = `openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\nx-rows:\n${'  - {name: "row", value: "0123456789012345678901234567890123456789"}\n'.repeat(100_000)}`;
    const outcome = await threads.load({ text: big }, NO_BUDGET, async () => Buffer.from('')).catch((err: unknown) => err);
    expect(outcome).toBeInstanceOf(SpecLimitExceeded);
    expect(String(outcome)).toMatch(/more than 16 MB of memory/);
  });

  test('When a file cannot be read, Then the reader was asked with the $ref as written and the thread fails', async () => {
    const threads = specThreads({ timeoutMs: 10_000, memoryMb: 256, concurrency: 1 });
    const asked: [string, string | undefined][] = [];
    const refuse = async (url: string, asWritten?: string) => {
      asked.push([url, asWritten]);
      throw new Error('refused');
    };
    await expect(threads.load({ text: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\ncomponents: {schemas: {A: {$ref: "./a.yaml"}}}\n' }, NO_BUDGET, refuse)).rejects.toThrow(/a\.yaml/);
    expect(asked).toEqual([['/a.yaml', './a.yaml']]);
  });

  test('When a version is bundled, Then the thread answers its JSON or YAML text', async () => {
    const threads = specThreads({ timeoutMs: 10_000, memoryMb: 256, concurrency: 2 });
    const version = { source_url: ROOT, filesystem: { [ROOT]: JSON.parse(SMALL) } };
    const [json, yaml] = await Promise.all([threads.bundle(version, 'json', 100), threads.bundle(version, 'yaml', 100)]);
    expect(JSON.parse(json)).toEqual(JSON.parse(SMALL));
    expect(parse(yaml)).toEqual(JSON.parse(SMALL));
  });
});
