import { eventually } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

// issue 21 §6 and §8 (docs/adr/0059): a published page of nested inline HTML rendered on the one event loop the
// gateway and every service share under `npm start` (66,666 `<b>`: 2 s in the sanitizer; a 1 MB page: 77 s), and
// any query string (`?v=1`) went around the publisher's front cache. Pages past the tag and nesting limits are
// shown as their plain text, renders run on worker threads within a budget, the front cache is keyed on the page,
// and a page's `.md` answer is `nosniff` with a content security policy.

let stack: TestStack;
let owner: { token: string };
let orgId: string;
let site: string;

const api = async (method: string, path: string, body?: unknown) => {
  const res = await stack.call(method, path, { token: owner.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const read = async (url: string) => {
  const started = performance.now();
  const res = await fetch(url, { redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
};

/** Pages of a space published on a public site: the first is the site's home, the others at `/<title>`. */
const PAGES = {
  calm: '# Calm\n\nA page like any other, with **bold** text and a [link](https://example.com).',
  nested: '<b>'.repeat(66_666),
  // About 1 MB (content's limit for one page is 1,000,000 characters).
  mega: '<b>'.repeat(333_333),
  // Requested only while another page's latency is measured: its first render is what used to stall the loop.
  stall: 'Stall\n\n' + '<i>x'.repeat(133_332),
};

beforeAll(async () => {
  stack = await bootStack('rstall', { withWorkers: false });
  owner = await stack.newUser('owner');
  orgId = (await stack.newOrg(owner.token, 'Render stall')).id;
  const { id: spaceId } = await api('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Docs' });
  // One change request per page: a request body is at most 2 MB.
  for (const [title, markdown] of Object.entries(PAGES)) {
    const cr = await api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: title });
    await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, { changes: [{ operation: 'insert_page', title, document: { markdown } }] });
    await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  }
  const created = await api('POST', `/v1/orgs/${orgId}/sites`, { title: 'Stall site', spaces: [spaceId] });
  site = (await api('POST', `/v1/orgs/${orgId}/sites/${created.id}/publish`)).urls.published;
}, 60_000);
afterAll(() => stack?.stop());

describe('pages of deeply nested inline HTML', () => {
  test('When a page nests 66,666 <b>, Then it answers within the render budget with its text, escaped and readable', async () => {
    const page = await read(`${site}/nested`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<pre class="plain-text" style="white-space: pre-wrap">${'&lt;b&gt;'.repeat(100)}`);
    expect(page.text).not.toContain('<b>');
    // The budget is 2 s of a render thread; the limits stop this page long before (generous for a shared machine).
    expect(page.ms).toBeLessThan(10_000);
  });

  test('When a page is a megabyte of nested <b>, Then it answers within the render budget with its text', async () => {
    const page = await read(`${site}/mega`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<pre class="plain-text"');
    expect(page.text.split('&lt;b&gt;').length - 1).toBe(333_333);
    expect(page.ms).toBeLessThan(15_000);
  });

  test('When such a page is requested again and again with new query strings, Then another page’s latency stays close to its baseline', async () => {
    const calm = async () => {
      const page = await read(site);
      expect(page.status).toBe(200);
      return page.ms;
    };
    const baseline: number[] = [];
    for (let i = 0; i < 15; i++) baseline.push(await calm());
    const median = baseline.sort((a, b) => a - b)[Math.floor(baseline.length / 2)];

    let hostileDone = false;
    const hostile = (async () => {
      // Bursts of readers of a page nobody has read yet, each with a query string of its own.
      const pages: string[] = [];
      for (let burst = 0; burst < 3; burst++) {
        for (const page of await Promise.all(Array.from({ length: 8 }, (_, i) => read(`${site}/stall?v=${burst * 8 + i}`)))) pages.push(page.text);
      }
      return pages;
    })().finally(() => (hostileDone = true));
    const during: number[] = [];
    while (!hostileDone || during.length < 10) during.push(await calm());
    const worst = Math.max(...during);
    // What a stall looks like: 133,332 tags rendered on the loop cost many seconds (66,666 took 2 s in the
    // sanitizer, 333,333 took 77 s); a free loop answers the calm page in milliseconds. The bound sits under a
    // stall and above a free loop on a busy two-core machine (other suites beside it), where one answer took 1.97 s.
    expect(worst).toBeLessThan(Math.max(3000, 20 * median));
    for (const text of await hostile) expect(text).toContain('<pre class="plain-text"');
  }, 120_000);
});

describe('the front cache', () => {
  const fromFrontCache = (page: { headers: Headers }) => page.headers.get('x-request-id') === null;

  test('When a reader adds a query string, Then the page still comes from the front cache (keyed on the page alone)', async () => {
    const first = await read(`${site}/nested`);
    let n = 0;
    // The first answer of a view fills the cache; any later `?v=` is the same entry, not a way around it.
    const again = await eventually(async () => {
      const page = await read(`${site}/nested?v=${++n}`);
      return fromFrontCache(page) && page;
    }, 3000);
    expect(again.text).toBe(first.text);
    // An entry lives as long as the site's view (1 s): on a loaded machine it may expire between two reads, so each
    // round fills it with the bare page first; were the query part of the key, no round would ever hit.
    await eventually(async () => {
      await read(`${site}/nested`);
      return fromFrontCache(await read(`${site}/nested?v=${++n}&utm_source=x`));
    }, 3000);
  });

  test('When the query carries a share key, a visitor token or an unsigned claim, Then express answers it (the audience reads those)', async () => {
    await eventually(async () => fromFrontCache(await read(`${site}?v=1`)), 3000);
    for (const query of ['share=abc', 'jwt_token=abc', 'visitor.plan=pro']) {
      const page = await read(`${site}?${query}`);
      expect([query, page.status, fromFrontCache(page)]).toEqual([query, 200, false]);
    }
  });
});

describe('a page’s markdown', () => {
  test('When a reader asks for <page URL>.md, Then the answer is nosniff with a content security policy, like the HTML pages', async () => {
    for (const url of [`${site}.md`, `${site}/nested.md`]) {
      const page = await read(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/markdown/);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    }
  });
});
