/**
 * `npm run bench -- scale` (issue 28 §1): one organization grown, through the API and the workers, to 1x, 10x and
 * 100x (`BENCH_SCALE_FACTORS`, default `1,10,100`) of: pages in one space (1,000), spaces in the organization (100),
 * one-page merges in a space's history (100), comments on a change request (100) and sites with a site space (10).
 * The pages nest as a documentation tree does (parts, chapters, pages). At each size every operation is timed (p50 / p99), then the growth of p99 from the first size to each is
 * reported against the target: at most 2x. The stack runs in this process: its peak RSS is every service's.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ASSERTION_HEADER, signAssertion } from '@dp/auth';
import { startStack, type Stack } from '@dp/local';
import { apiClient, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace, type ApiCall } from '@dp/testing';
import { dropNamespace } from '../test/support/stack';
import { expectOk } from './http';
import { fmt, sleep, summarize, type LatencySummary } from './stats';

const BASE = { pages: 1000, spaces: 100, merges: 100, comments: 100, sites: 10 };
type Dimension = keyof typeof BASE;
/** Samples of a cheap operation (a p99 of 200 is its second-slowest); the costly ones (batches, merges, first renders) take fewer. */
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 200);
const FEW = Math.max(10, Math.round(SAMPLES / 10));
const WORDS = 'gateway relay outbox inbox tenant quota billing webhook sitemap runtime proxy search index merge branch revision draft review publish theme'.split(' ');

/** One operation's latency at one size. */
interface Measured {
  operation: string;
  dimension: Dimension;
  summary: LatencySummary;
}
interface Level {
  factor: number;
  sizes: Record<Dimension, number>;
  measured: Measured[];
  /** Peak RSS of this process (the whole stack) while the level was built and measured, MiB. */
  peakRssMiB: number;
}

const pageMarkdown = (n: number) => `# Page ${n}\n\nHow the ${WORDS[n % WORDS.length]} works with the ${WORDS[(n * 7) % WORDS.length]} for team ${n % 97}.\n\n## Details ${n}\n\nSee the ${WORDS[(n * 3) % WORDS.length]} settings.`;


async function timeEach(count: number, run: (i: number) => Promise<unknown>, warmup = 3): Promise<LatencySummary> {
  const samples: number[] = [];
  for (let i = 0; i < count + warmup; i++) {
    const started = performance.now();
    await run(i);
    if (i >= warmup) samples.push(performance.now() - started);
  }
  return summarize(samples);
}

/** Runs `make(i)` for i in [from, to), `width` at a time. */
async function inParallel(from: number, to: number, width: number, make: (i: number) => Promise<unknown>) {
  for (let at = from; at < to; at += width) await Promise.all(Array.from({ length: Math.min(width, to - at) }, (_, k) => make(at + k)));
}

class ScaleRun {
  private readonly direct: ApiCall;
  private readonly gateway: ApiCall;
  private sizes: Record<Dimension, number> = { pages: 0, spaces: 1, merges: 0, comments: 0, sites: 0 };
  private bigSpace = '';
  private historySpace = '';
  private historyPage = '';
  private revisions: string[] = [];
  private commentedCr = '';
  private publishedBase = '';
  private pages: Array<{ id: string; path: string }> = [];
  private chapters = 0;
  private partId = '';

  constructor(
    private readonly stack: Stack,
    private readonly user: { id: string; token: string },
    private readonly orgId: string,
    private readonly log: (line: string) => void,
  ) {
    const assertion = () => signAssertion({ userId: user.id, staff: false, memberships: { [orgId]: 'admin' } }, stack.secret, 600);
    this.direct = (method, route, opts = {}) => apiClient(stack.apis.content.url)(method, route, { ...opts, headers: { ...opts.headers, [ASSERTION_HEADER]: assertion() } });
    this.gateway = (method, route, opts = {}) => apiClient(stack.baseUrl)(method, route, { ...opts, token: user.token });
  }

  async setUp() {
    this.bigSpace = expectOk(await this.direct('POST', `/v1/orgs/${this.orgId}/spaces`, { body: { title: 'Big space' } }), 'big space', 201).body.id;
    this.historySpace = expectOk(await this.direct('POST', `/v1/orgs/${this.orgId}/spaces`, { body: { title: 'History space' } }), 'history space', 201).body.id;
    this.sizes.spaces = 2;
    const cr = expectOk(await this.direct('POST', `/v1/spaces/${this.historySpace}/change-requests`, { body: { subject: 'Pages' } }), 'history cr', 201).body.id;
    const changes = Array.from({ length: 20 }, (_, i) => ({ operation: 'insert_page', title: `History ${i}`, document: { markdown: pageMarkdown(i) } }));
    expectOk(await this.direct('POST', `/v1/spaces/${this.historySpace}/change-requests/${cr}/content`, { body: { changes } }), 'history pages');
    expectOk(await this.direct('POST', `/v1/spaces/${this.historySpace}/change-requests/${cr}/merge`), 'history merge');
    const tree = expectOk(await this.direct('GET', `/v1/spaces/${this.historySpace}/content/pages`), 'history tree').body;
    this.historyPage = tree.pages[10].id;
    this.commentedCr = expectOk(await this.direct('POST', `/v1/spaces/${this.bigSpace}/change-requests`, { body: { subject: 'Commented' } }), 'commented cr', 201).body.id;
    const site = expectOk(await this.gateway('POST', `/v1/orgs/${this.orgId}/sites`, { body: { title: 'Big site', spaces: [this.bigSpace] } }), 'site', 201).body;
    const published = expectOk(await this.gateway('POST', `/v1/orgs/${this.orgId}/sites/${site.id}/publish`), 'publish').body;
    this.publishedBase = published.urls.published.replace(/\/+$/, '');
    this.sizes.sites = 1;
  }

  async grow(target: Record<Dimension, number>) {
    await this.growPages(target.pages);
    this.log(`  spaces → ${target.spaces}`);
    await inParallel(this.sizes.spaces, target.spaces, 20, (i) => this.direct('POST', `/v1/orgs/${this.orgId}/spaces`, { body: { title: `Space ${i}` } }).then((r) => expectOk(r, 'space', 201)));
    this.sizes.spaces = target.spaces;
    this.log(`  merges → ${target.merges}`);
    for (let n = this.sizes.merges; n < target.merges; n++) this.revisions.push(await this.mergeOneEdit(this.historySpace, this.historyPage, n));
    this.sizes.merges = target.merges;
    this.log(`  comments → ${target.comments}`);
    await inParallel(this.sizes.comments, target.comments, 10, (i) => this.direct('POST', `/v1/spaces/${this.bigSpace}/change-requests/${this.commentedCr}/comments`, { body: { body: { markdown: `Comment ${i}` } } }).then((r) => expectOk(r, 'comment')));
    this.sizes.comments = target.comments;
    this.log(`  sites → ${target.sites}`);
    await inParallel(this.sizes.sites, target.sites, 5, async (i) => {
      const space = expectOk(await this.direct('POST', `/v1/orgs/${this.orgId}/spaces`, { body: { title: `Site space ${i}` } }), 'site space', 201).body.id;
      expectOk(await this.gateway('POST', `/v1/orgs/${this.orgId}/sites`, { body: { title: `Site ${i}`, spaces: [space] } }), 'site', 201);
    });
    this.sizes.spaces += target.sites - this.sizes.sites;
    this.sizes.sites = target.sites;
  }

  /**
   * Pages of the big space, nested as a documentation tree is: parts of 20 chapters of 48 or 49 pages, a chapter
   * per batch of 50 on one change request, which is merged; then the search index is waited for.
   */
  private async growPages(target: number) {
    if (target <= this.sizes.pages) return;
    this.log(`  pages → ${target}`);
    const cr = expectOk(await this.direct('POST', `/v1/spaces/${this.bigSpace}/change-requests`, { body: { subject: `Grow to ${target}` } }), 'grow cr', 201).body.id;
    let last = '';
    while (this.sizes.pages < target) {
      const chapter = this.chapters++;
      const newPart = chapter % 20 === 0;
      const changes: object[] = [];
      const page = (title: string, extra: object) => ({ operation: 'insert_page', title, document: { markdown: pageMarkdown(this.sizes.pages + changes.length) }, ...extra });
      if (newPart) changes.push(page(`Part ${chapter / 20}`, { ref: 'part' }));
      changes.push(page(`Chapter ${chapter}`, { ref: 'chapter', into: newPart ? 'part' : this.partId }));
      while (changes.length < 50 && this.sizes.pages + changes.length < target) changes.push(page((last = `Page ${this.sizes.pages + changes.length}`), { into: 'chapter' }));
      const res = expectOk(await this.direct('POST', `/v1/spaces/${this.bigSpace}/change-requests/${cr}/content?compat=false`, { body: { changes } }), "grow batch");
      if (newPart) this.partId = res.body.changes.find((c: { ref?: string }) => c.ref === 'part').page.id;
      this.sizes.pages += changes.length;
    }
    expectOk(await this.direct('POST', `/v1/spaces/${this.bigSpace}/change-requests/${cr}/merge`), 'grow merge');
    // Every page's id and path, once per size: what the reads below pick from.
    const tree = expectOk(await this.direct('GET', `/v1/spaces/${this.bigSpace}/content/pages`), 'tree').body;
    this.pages = [];
    const walk = (pages: Array<{ id: string; path: string; pages?: unknown[] }>) => pages.forEach((p) => (this.pages.push({ id: p.id, path: p.path }), walk((p.pages ?? []) as typeof pages)));
    walk(tree.pages);
    const deadline = Date.now() + 1_800_000;
    while (!(await this.direct('GET', `/v1/spaces/${this.bigSpace}/search?query=${encodeURIComponent(last)}&limit=5`)).body.items?.some((i: { title: string }) => i.title === last)) {
      if (Date.now() > deadline) throw new Error(`the search index did not reach ${last} within 1,800 s`);
      await sleep(1000);
    }
  }

  private async mergeOneEdit(spaceId: string, pageId: string, n: number): Promise<string> {
    const cr = expectOk(await this.direct('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: `Edit ${n}` } }), 'edit cr', 201).body.id;
    expectOk(await this.direct('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content`, { body: { changes: [{ operation: 'update_page', page: pageId, document: { markdown: `Edited ${n}\n\n${pageMarkdown(n)}` } }] } }), 'edit');
    return expectOk(await this.direct('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`), 'edit merge').body.revision;
  }

  async measure(): Promise<Measured[]> {
    const out: Measured[] = [];
    const add = async (operation: string, dimension: Dimension, run: (i: number) => Promise<unknown>, count = SAMPLES) => {
      out.push({ operation, dimension, summary: await timeEach(count, run) });
    };
    const pick = (i: number) => this.pages[(i * 7919) % this.pages.length];
    const d = this.direct;
    // Spaces: keyset list (first and last page) and reads by id, each space read once (nothing kept).
    const tokens: string[] = [];
    let next: string | undefined;
    do {
      const r = expectOk(await d('GET', `/v1/orgs/${this.orgId}/spaces?limit=100${next ? `&page=${encodeURIComponent(next)}` : ''}`), 'list spaces');
      next = r.body.next?.page;
      if (next) tokens.push(next);
    } while (next);
    const lastToken = tokens.at(-1);
    const ids = expectOk(await d('GET', `/v1/orgs/${this.orgId}/spaces?limit=100`), 'spaces').body.items.map((s: { id: string }) => s.id);
    await add('list spaces, first page of 50', 'spaces', async () => expectOk(await d('GET', `/v1/orgs/${this.orgId}/spaces?limit=50`), 'list'));
    if (lastToken) await add('list spaces, last page', 'spaces', async () => expectOk(await d('GET', `/v1/orgs/${this.orgId}/spaces?limit=100&page=${encodeURIComponent(lastToken)}`), 'list last'));
    await add('read a space by id (first read)', 'spaces', async (i) => expectOk(await d("GET", `/v1/spaces/${ids[i % ids.length]}`), "space"));
    // Pages of the big space.
    await add('read a page by id', 'pages', async (i) => expectOk(await d('GET', `/v1/spaces/${this.bigSpace}/content/page/${pick(i).id}`), 'page'));
    await add('read a page by path', 'pages', async (i) => expectOk(await d('GET', `/v1/spaces/${this.bigSpace}/content/path/${pick(i + 1).path}`), 'page by path'));
    await add('search', 'pages', async (i) => expectOk(await d('GET', `/v1/spaces/${this.bigSpace}/search?query=${encodeURIComponent(`${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}`)}&limit=20`), 'search'));
    const cr = expectOk(await d('POST', `/v1/spaces/${this.bigSpace}/change-requests`, { body: { subject: 'Batches at size' } }), 'batch cr', 201).body.id;
    await add('a 50-change batch', 'pages', async (i) => {
      const changes = Array.from({ length: 50 }, (_, k) => ({ operation: 'insert_page', title: `Extra ${i}-${k}`, document: { markdown: pageMarkdown(k) } }));
      expectOk(await d('POST', `/v1/spaces/${this.bigSpace}/change-requests/${cr}/content`, { body: { changes } }), 'batch');
    }, FEW);
    await add('merge of a one-page edit', 'pages', async (i) => this.mergeOneEdit(this.bigSpace, pick(i).id, i), FEW);
    // History: a page at an old revision (each revision's first read).
    await add('a page at an old revision', 'merges', async (i) => expectOk(await d('GET', `/v1/spaces/${this.historySpace}/revisions/${this.revisions[(i * 31) % this.revisions.length]}/page/${this.historyPage}`), 'old page'));
    // Comments of a change request: the first page.
    await add('list comments, first page', 'comments', async () => expectOk(await d('GET', `/v1/spaces/${this.bigSpace}/change-requests/${this.commentedCr}/comments?limit=50`), 'comments'));
    await add('list sites, first page', 'sites', async () => expectOk(await this.gateway('GET', `/v1/orgs/${this.orgId}/sites?limit=50`), 'sites'));
    // The published site over the big space: a page's first render, the same page cached, the sitemap.
    const get = async (url: string) => {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
    };
    const fresh = Date.now();
    await add('published page, first render', 'pages', (i) => get(`${this.publishedBase}/${pick(i + fresh).path}`), FEW * 2);
    await add('published page, cached', 'pages', () => get(`${this.publishedBase}/${pick(fresh).path}`));
    await add('sitemap.xml', 'pages', () => get(`${this.publishedBase}/sitemap.xml`), FEW);
    return out;
  }

  get currentSizes() {
    return { ...this.sizes };
  }
}

function report(levels: Level[]): string {
  const first = levels[0];
  // By name: an operation a small size cannot run (a last page of one page) is missing there.
  const at = (l: Level, operation: string) => l.measured.find((m) => m.operation === operation)?.summary;
  const operations = [...new Map(levels.flatMap((l) => l.measured).map((m) => [m.operation, m])).values()];
  const rows = operations.map((m) => {
    const cells = levels.map((l) => at(l, m.operation)).map((s) => (s ? `${fmt(s.p50)} / ${fmt(s.p99)}` : '—'));
    const from = levels.map((l) => at(l, m.operation)).find(Boolean)!;
    const growth = levels.slice(1).map((l) => (at(l, m.operation)?.p99 ?? NaN) / from.p99).filter(Number.isFinite);
    const worst = Math.max(...growth);
    return `| ${m.operation} | ${m.dimension} | ${cells.join(' | ')} | ${growth.map((g) => `${fmt(g)}x`).join(', ')} | ${worst <= 2 ? 'PASS' : 'FAIL'} |`;
  });
  const header = `| Operation | grows with | ${levels.map((l) => `${l.factor}x: p50 / p99 ms`).join(' | ')} | p99 growth from ${first.factor}x | ≤ 2x |`;
  const sizes = levels.map((l) => `- ${l.factor}x: ${Object.entries(l.sizes).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}; peak RSS ${fmt(l.peakRssMiB, 0)} MiB of the one process that runs every api, worker and the publisher`);
  return [header, `|---|---|${levels.map(() => '---|').join('')}---|---|`, ...rows, '', ...sizes].join('\n');
}

export async function runScaleBench(log: (line: string) => void): Promise<string> {
  await requireInfrastructure();
  const factors = (process.env.BENCH_SCALE_FACTORS ?? '1,10,100').split(',').map(Number);
  const namespace = uniqueNamespace('benchs');
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 500);
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', RATE_LIMIT_PER_MINUTE: '100000000' },
  });
  try {
    const call = apiClient(stack.baseUrl);
    const user = expectOk(await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: `scale.${Date.now()}@example.com`, displayName: 'Scale' } }), 'user', 201).body;
    const org = expectOk(await call('POST', '/v1/orgs', { token: user.token, body: { title: 'Scale' } }), 'org', 201).body;
    const run = new ScaleRun(stack, { id: user.user.id, token: user.token }, org.id, log);
    await run.setUp();
    const levels: Level[] = [];
    for (const factor of factors) {
      peak = 0;
      const target = Object.fromEntries(Object.entries(BASE).map(([k, v]) => [k, v * factor])) as Record<Dimension, number>;
      log(`${factor}x: growing`);
      const started = Date.now();
      await run.grow(target);
      log(`${factor}x: grown in ${Math.round((Date.now() - started) / 1000)} s, measuring`);
      const measured = await run.measure();
      levels.push({ factor, sizes: run.currentSizes, measured, peakRssMiB: peak / 2 ** 20 });
      writeFileSync(path.join(__dirname, 'scale-results.partial.md'), report(levels));
    }
    return report(levels);
  } finally {
    clearInterval(sampler);
    await stack.stop();
    await dropNamespace(namespace);
  }
}
