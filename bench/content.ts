import knex from 'knex';
import { ASSERTION_HEADER, signAssertion } from '@dp/auth';
import { startStack, type Stack } from '@dp/local';
import { apiClient, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace, type ApiCall } from '@dp/testing';
import { dropNamespace } from '../test/support/stack';
import { expectOk } from './http';
import { summarize, type LatencySummary } from './stats';

/**
 * Content benchmarks, against the content service directly (a signed caller assertion, as the gateway
 * would forward): authoring batches of 50 changes on a change request that grows to 10,000 pages, listing
 * the pages of a 5,000-page revision, full-text search over 10,000 merged pages, and the cost of a list
 * page at the start and at the end of a long list (keyset pagination).
 */
export interface ContentBenchResult {
  authoring: LatencySummary;
  pageList5000: LatencySummary;
  search10000: LatencySummary;
  searchHits: number;
  listFirstPage: LatencySummary;
  listLastPage: LatencySummary;
  spacesListed: number;
  history: HistoryBenchResult;
}

/** One-page edits merged one after the other into the 10,000-page space (issue 26, docs/adr/0104). */
export interface HistoryBenchResult {
  merges: number;
  pages: number;
  /** Growth of the revisions, page chunks and documents tables per merge, in bytes. */
  bytesPerMerge: number;
  /** What a copy of the page tree per revision would add per merge (its JSON), in bytes. */
  treeBytes: number;
  merge: LatencySummary;
  /** A page read at a past revision (each revision's first read) and at the live one. */
  oldRead: LatencySummary;
  liveRead: LatencySummary;
}

const WORDS = 'gateway relay outbox inbox tenant quota billing webhook sitemap runtime proxy search index merge branch revision draft review publish theme domain token secret audit export import schema widget cache queue worker'.split(' ');

function pageMarkdown(n: number): string {
  const w = (k: number) => WORDS[(n * 7 + k * 13) % WORDS.length];
  return `# Page ${n} about ${w(1)}\n\nThis page explains ${w(2)} and ${w(3)} for team ${n % 97}.\n\n## Using ${w(4)}\n\nConfigure the ${w(5)} with the ${w(6)} settings, then check the ${w(7)}.\n\n## Troubleshooting ${w(8)}\n\nWhen ${w(9)} fails, look at the ${w(10)} logs.`;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}


export async function benchContent(stack: Stack, fixture: { userId: string; orgId: string }, log: (line: string) => void): Promise<ContentBenchResult> {
  const assertion = () => signAssertion({ userId: fixture.userId, staff: false, memberships: { [fixture.orgId]: 'admin' } }, stack.secret, 600);
  const direct: ApiCall = (method, path, opts = {}) => apiClient(stack.apis.content.url)(method, path, { ...opts, headers: { ...opts.headers, [ASSERTION_HEADER]: assertion() } });

  const space = await direct('POST', `/v1/orgs/${fixture.orgId}/spaces`, { body: { title: 'Bench content' } });
  expectOk(space, 'create space', 201);
  const cr = await direct('POST', `/v1/spaces/${space.body.id}/change-requests`, { body: { subject: '10,000 pages' } });
  expectOk(cr, 'create change request', 201);
  const crPath = `/v1/spaces/${space.body.id}/change-requests/${cr.body.id}`;

  // 200 batches of 50 inserts: the change request grows from 0 to 10,000 pages.
  const authoring: number[] = [];
  let pageList5000: LatencySummary | undefined;
  const batches = Number(process.env.BENCH_CONTENT_BATCHES ?? 200);
  for (let batch = 0; batch < batches; batch++) {
    const changes = Array.from({ length: 50 }, (_, i) => ({ operation: 'insert_page', title: `Page ${batch * 50 + i}`, document: { markdown: pageMarkdown(batch * 50 + i) } }));
    const { ms, value } = await timed(() => direct('POST', `${crPath}/content`, { body: { changes } }));
    expectOk(value, `authoring batch ${batch}`);
    authoring.push(ms);
    if (batch === 99) {
      log('  5,000 pages authored: listing them');
      const samples: number[] = [];
      for (let i = 0; i < 30; i++) {
        const r = await timed(() => direct('GET', `${crPath}/content/pages`));
        expectOk(r.value, 'page list');
        if (r.value.body.pages.length !== 5000) throw new Error(`page list: expected 5000 pages, got ${r.value.body.pages.length}`);
        if (i >= 5) samples.push(r.ms); // the first reads warm caches
      }
      pageList5000 = summarize(samples);
    }
  }
  log('  10,000 pages authored: merging and waiting for the search index');
  expectOk(await direct('POST', `${crPath}/merge`), 'merge');
  const searchPath = `/v1/spaces/${space.body.id}/search`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const r = await direct('GET', `${searchPath}?query=${encodeURIComponent('Page 9999')}&limit=5`);
    if (r.status === 200 && r.body.items?.some((item: { title: string }) => item.title.startsWith('Page 9999 '))) break;
    if (Date.now() > deadline) throw new Error(`search index not ready after 120 s: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    await new Promise((res) => setTimeout(res, 250));
  }

  const searches: number[] = [];
  let hits = 0;
  for (let i = 0; i < 220; i++) {
    const query = i % 2 ? `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]}` : WORDS[i % WORDS.length];
    const r = await timed(() => direct('GET', `${searchPath}?query=${encodeURIComponent(query)}&limit=20`));
    expectOk(r.value, 'search');
    hits += r.value.body.items.length;
    if (i >= 20) searches.push(r.ms);
  }

  const history = await benchHistory(direct, stack, space.body.id, log);

  // 1,000 spaces, listed 50 at a time: the first page and the last cost the same with keyset pagination.
  log('  creating 1,000 spaces for the pagination benchmark');
  for (let i = 0; i < 1000; i += 20) {
    await Promise.all(Array.from({ length: 20 }, (_, k) => direct('POST', `/v1/orgs/${fixture.orgId}/spaces`, { body: { title: `S${i + k}` } })));
  }
  const tokens: string[] = [];
  let next: string | undefined;
  let listed = 0;
  do {
    const r = await direct('GET', `/v1/orgs/${fixture.orgId}/spaces?limit=50${next ? `&page=${encodeURIComponent(next)}` : ''}`);
    expectOk(r, 'list spaces');
    listed += r.body.items.length;
    next = r.body.next?.page;
    if (next) tokens.push(next);
  } while (next);
  const lastToken = tokens[tokens.length - 1];
  const first: number[] = [];
  const last: number[] = [];
  for (let i = 0; i < 60; i++) {
    const a = await timed(() => direct('GET', `/v1/orgs/${fixture.orgId}/spaces?limit=50`));
    const b = await timed(() => direct('GET', `/v1/orgs/${fixture.orgId}/spaces?limit=50&page=${encodeURIComponent(lastToken)}`));
    if (i >= 10) {
      first.push(a.ms);
      last.push(b.ms);
    }
  }
  return {
    authoring: summarize(authoring),
    pageList5000: pageList5000!,
    search10000: summarize(searches),
    searchHits: hits,
    listFirstPage: summarize(first),
    listLastPage: summarize(last),
    spacesListed: listed,
    history,
  };
}

/**
 * `BENCH_HISTORY_MERGES` (default 50) merges of a one-page edit to the 10,000-page space: the storage each adds
 * (the content schema's revisions, page chunks and documents, measured by PostgreSQL) against the page tree's own
 * size, the merge's latency, and a page read at each past revision (its first read, chunks not cached yet)
 * against the same page read live.
 */
async function benchHistory(direct: ApiCall, stack: Stack, spaceId: string, log: (line: string) => void): Promise<HistoryBenchResult> {
  const merges = Number(process.env.BENCH_HISTORY_MERGES ?? 50);
  const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, searchPath: [stack.envOf('content').DB_SCHEMA!], pool: { min: 0, max: 1 } });
  try {
    const stored = async () =>
      Number((await db.raw(`select pg_total_relation_size('revisions') + pg_total_relation_size('page_chunks') + pg_total_relation_size('documents') as bytes`)).rows[0].bytes);
    const pagesRes = await direct('GET', `/v1/spaces/${spaceId}/content/pages`);
    expectOk(pagesRes, 'page tree');
    const flat: Array<{ id: string }> = [];
    const walk = (pages: Array<{ id: string; pages?: unknown[] }>) => pages.forEach((p) => (flat.push(p), walk((p.pages ?? []) as typeof pages)));
    walk(pagesRes.body.pages);
    // The live tree's JSON: what a revision holding its own copy of the tree would store.
    const treeJson = await db.raw(`select sum(octet_length(c.pages::text)) as bytes from spaces s join revisions r on r.id = s.revision_id join page_chunks c on c.hash = any(r.page_chunks) where s.id = ?`, [spaceId]);
    log(`  history: ${merges} one-page merges into ${flat.length} pages`);
    const before = await stored();
    const revisions: string[] = [];
    const mergeMs: number[] = [];
    for (let n = 0; n < merges; n++) {
      const page = flat[(n * 7919) % flat.length];
      const cr = await direct('POST', `/v1/spaces/${spaceId}/change-requests`, { body: { subject: `Edit ${n}` } });
      expectOk(cr, 'history change request', 201);
      expectOk(await direct('POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content`, { body: { changes: [{ operation: 'update_page', page: page.id, document: { markdown: `Edited ${n}: ${pageMarkdown(n)}` } }] } }), 'history edit');
      const merged = await timed(() => direct('POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`));
      expectOk(merged.value, 'history merge');
      mergeMs.push(merged.ms);
      revisions.push(merged.value.body.revision);
    }
    await db.raw('vacuum analyze revisions, page_chunks, documents').catch(() => undefined);
    const bytesPerMerge = (await stored() - before) / merges;
    const pageId = flat[flat.length >> 1].id;
    const oldRead: number[] = [];
    const liveRead: number[] = [];
    for (const revision of revisions.slice(0, -1)) {
      const old = await timed(() => direct('GET', `/v1/spaces/${spaceId}/revisions/${revision}/page/${pageId}`));
      expectOk(old.value, 'page at a past revision');
      oldRead.push(old.ms);
      const live = await timed(() => direct('GET', `/v1/spaces/${spaceId}/content/page/${pageId}`));
      expectOk(live.value, 'page live');
      liveRead.push(live.ms);
    }
    return { merges, pages: flat.length, bytesPerMerge, treeBytes: Number(treeJson.rows[0].bytes), merge: summarize(mergeMs), oldRead: summarize(oldRead), liveRead: summarize(liveRead) };
  } finally {
    await db.destroy();
  }
}

/** Boots its own stack (workers included: the search index is kept by the content worker), runs, cleans up. */
export async function runContentBench(log: (line: string) => void): Promise<ContentBenchResult> {
  await requireInfrastructure();
  const namespace = uniqueNamespace('benchc');
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  try {
    const call = apiClient(stack.baseUrl);
    const user = await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: `benchc.${Date.now()}@example.com`, displayName: 'Bench' } });
    expectOk(user, 'create user', 201);
    const org = await call('POST', '/v1/orgs', { token: user.body.token, body: { title: 'Bench content' } });
    expectOk(org, 'create organization', 201);
    return await benchContent(stack, { userId: user.body.user.id, orgId: org.body.id }, log);
  } finally {
    await stack.stop();
    await dropNamespace(namespace);
  }
}
