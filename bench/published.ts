import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Stack } from '@dp/local';
import { freePortBlock } from '@dp/local';
import type { ApiCall } from '@dp/testing';
import { runLoad } from './http';
import type { LoadOutcome } from './load-worker';
import { sleep, summarize, type LatencySummary } from './stats';
import { startReference, type ThroughputOptions } from './throughput';

export interface PublishedPageResult {
  options: ThroughputOptions;
  url: string;
  bodyBytes: number;
  /** Requests/s with status 200, pooled over the rounds: the publisher's cached page, and the floor. */
  rps: { page: number; floor: number };
  /** Latency of the cached page at `connections` (pooled over the rounds). */
  latency: LatencySummary;
  failed: { page: number; floor: number };
  /** page / floor. */
  ratio: number;
  /** A reader's search over a site of `pages` pages, every one matching (issue 24: p99 under 50 ms). */
  search: { pages: number; rate: number; latency: LatencySummary; failed: number };
}

export interface PublishedPageTarget {
  stack: Stack;
  call: ApiCall;
  token: string;
  orgId: string;
  spaceId: string;
  basePort: number;
  logLevel: string;
  /** When set, the publisher writes a V8 CPU profile there on exit (`node --cpu-prof`). */
  cpuProfDir?: string;
}

const ROOT = path.resolve(__dirname, '..');

async function ok(call: ApiCall, token: string, method: string, route: string, body?: unknown) {
  const res = await call(method, route, { token, body });
  if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A page worth rendering (headings, a list, a table, code), merged into the space's live content. */
async function authorPage(t: PublishedPageTarget): Promise<void> {
  const markdown = [
    '# Getting started',
    '',
    'Install the client, then call the API. Every request carries a token.',
    '',
    ...Array.from({ length: 12 }, (_, i) => `- Step ${i + 1}: read the [reference](https://example.com/${i}) and try it.`),
    '',
    '| Field | Type | Notes |',
    '|---|---|---|',
    ...Array.from({ length: 8 }, (_, i) => `| field${i} | string | The ${i}th field of the object. |`),
    '',
    '```ts',
    'const client = new Client({ token: process.env.TOKEN });',
    'await client.spaces.list();',
    '```',
  ].join('\n');
  const cr = await ok(t.call, t.token, 'POST', `/v1/spaces/${t.spaceId}/change-requests`, { subject: 'Bench page' });
  await ok(t.call, t.token, 'POST', `/v1/spaces/${t.spaceId}/change-requests/${cr.id}/content`, {
    changes: [{ operation: 'insert_page', title: 'Getting started', document: { markdown } }],
  });
  await ok(t.call, t.token, 'POST', `/v1/spaces/${t.spaceId}/change-requests/${cr.id}/merge`);
}

/** Pages of the searched site; each holds the word searched for, so the search ranks all of them. */
export const SEARCH_PAGES = 1000;
const SEARCH_RATE = 50;
const SEARCH_SECONDS = 10;

/** SEARCH_PAGES pages, 50 per batch (content's limit), merged in one change request; then waits for the index. */
async function authorSearchSpace(t: PublishedPageTarget): Promise<string> {
  const space = await ok(t.call, t.token, 'POST', `/v1/orgs/${t.orgId}/spaces`, { title: 'Search bench' });
  const cr = await ok(t.call, t.token, 'POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Many pages' });
  for (let at = 0; at < SEARCH_PAGES; at += 50) {
    const changes = Array.from({ length: 50 }, (_, i) => {
      const n = at + i;
      const markdown = [`# Topic ${n}`, '', `How the gateway handles request ${n} with a token.`, '', `## Limits ${n}`, '', `Each tenant has limits; topic ${n} explains the gateway quota.`].join('\n');
      return { operation: 'insert_page', title: `Topic ${n}`, document: { markdown } };
    });
    await ok(t.call, t.token, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
  }
  await ok(t.call, t.token, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  return space.id;
}

/** The publisher in its own process, as deployed, on the stack's sites schema; the stack's content api serves the first read. */
async function startPublisherProcess(t: PublishedPageTarget): Promise<{ url: string; child: ChildProcess }> {
  const [port] = await freePortBlock(t.basePort + 10, 1);
  const env = { ...t.stack.envOf('sites'), PORT: String(port), HOST: '127.0.0.1', CONTENT_URL: t.stack.apis.content.url, LOG_LEVEL: t.logLevel };
  const prof = t.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${path.join(t.cpuProfDir, 'publisher')}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'services/sites/src/publisher/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the publisher exited (${child.exitCode}) before answering`);
    if (await fetch(`${url}/robots.txt`).then(() => true, () => false)) return { url, child };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('the publisher did not answer within 30 s');
}

/**
 * A published page served from the publisher's cache (issue 11): a site over a space with one page, published
 * through the API, then GET of that page at `connections` concurrent connections (closed loop) against the
 * publisher process, and against a bare node:http server answering the same HTML (the floor), in rotated
 * rounds of the same run.
 */
export async function benchPublishedPage(t: PublishedPageTarget, options: ThroughputOptions): Promise<PublishedPageResult> {
  await authorPage(t);
  const site = await ok(t.call, t.token, 'POST', `/v1/orgs/${t.orgId}/sites`, { title: 'Bench site', spaces: [t.spaceId] });
  const published = await ok(t.call, t.token, 'POST', `/v1/orgs/${t.orgId}/sites/${site.id}/publish`);
  const publisher = await startPublisherProcess(t);
  const children: ChildProcess[] = [publisher.child];
  try {
    // The page's address on this publisher: the published URL's path (SITES_PUBLIC_URL has none of its own here).
    const pagePath = new URL(published.urls.published).pathname;
    const url = `${publisher.url}${pagePath}`;
    const first = await fetch(url);
    const body = await first.text();
    if (first.status !== 200 || !body.includes('Getting started')) throw new Error(`GET ${url} answered ${first.status}: ${body.slice(0, 200)}`);
    const floor = await startReference({ role: 'floor', body, contentType: 'text/html; charset=utf-8' });
    children.push(floor.child);
    const urls = { page: url, floor: `${floor.url}${pagePath}` };
    const run = (p: 'page' | 'floor', durationS: number, warmupS: number): Promise<LoadOutcome> =>
      runLoad({ url: urls[p], headers: { accept: 'text/html' }, rate: 0, connections: options.connections, warmupS, durationS });
    for (const p of ['page', 'floor'] as const) await run(p, 1, 0);
    const rounds: Record<'page' | 'floor', LoadOutcome[]> = { page: [], floor: [] };
    for (let round = 0; round < options.rounds; round++) {
      for (const p of round % 2 === 0 ? (['page', 'floor'] as const) : (['floor', 'page'] as const)) rounds[p].push(await run(p, options.roundS, options.warmupS));
    }
    const pooled = (p: 'page' | 'floor') => rounds[p].reduce((s, o) => s + o.ok, 0) / rounds[p].reduce((s, o) => s + o.durationS, 0);
    const failed = (p: 'page' | 'floor') => rounds[p].reduce((s, o) => s + o.non2xx + o.errors + o.timeouts, 0);
    const rps = { page: pooled('page'), floor: pooled('floor') };
    const search = await benchSearch(t, publisher.url);
    return {
      search,
      options,
      url: pagePath,
      bodyBytes: Buffer.byteLength(body),
      rps,
      latency: summarize(rounds.page.flatMap((o) => o.latencies)),
      failed: { page: failed('page'), floor: failed('floor') },
      ratio: rps.page / rps.floor,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    // The publisher writes its CPU profile as it exits.
    if (t.cpuProfDir) await new Promise((resolve) => (publisher.child.exitCode !== null ? resolve(undefined) : publisher.child.once('exit', resolve)));
  }
}

/**
 * A reader's search on a published site of SEARCH_PAGES pages, every page matching the word: open-loop GETs of
 * `<site>/.search?q=gateway&fragment=1` at SEARCH_RATE per second against the publisher process, after the
 * content worker indexed the merge.
 */
async function benchSearch(t: PublishedPageTarget, publisherUrl: string): Promise<PublishedPageResult['search']> {
  // The fixture's stack runs no worker: the content worker (its relay, then the indexer) runs in its own process.
  const worker = await startContentWorker(t);
  try {
    return await measureSearch(t, publisherUrl);
  } finally {
    worker.kill('SIGTERM');
  }
}

async function startContentWorker(t: PublishedPageTarget): Promise<ChildProcess> {
  const [port] = await freePortBlock(t.basePort + 12, 1);
  const env = { ...t.stack.envOf('content'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: t.logLevel };
  return spawn(process.execPath, ['--import', 'tsx', 'services/content/src/worker.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function measureSearch(t: PublishedPageTarget, publisherUrl: string): Promise<PublishedPageResult['search']> {
  const spaceId = await authorSearchSpace(t);
  const site = await ok(t.call, t.token, 'POST', `/v1/orgs/${t.orgId}/sites`, { title: 'Search bench site', spaces: [spaceId] });
  const published = await ok(t.call, t.token, 'POST', `/v1/orgs/${t.orgId}/sites/${site.id}/publish`);
  const url = `${publisherUrl}${new URL(published.urls.published).pathname}/.search?q=gateway&fragment=1`;
  // Indexed when the last page is found (the worker indexes a merge in one go).
  for (let waited = 0; ; waited += 250) {
    const html = await (await fetch(`${url.replace('q=gateway', `q=topic%20${SEARCH_PAGES - 1}`)}`)).text();
    if (html.includes(`/topic-${SEARCH_PAGES - 1}"`)) break;
    if (waited > 60_000) throw new Error('the search index did not hold the pages within 60 s');
    await sleep(250);
  }
  const outcome = await runLoad({ url, headers: { accept: 'text/html' }, rate: SEARCH_RATE, warmupS: 1, durationS: SEARCH_SECONDS });
  return { pages: SEARCH_PAGES, rate: SEARCH_RATE, latency: outcome.latency, failed: outcome.non2xx + outcome.errors + outcome.timeouts };
}

