import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, expectOfficialSchema } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * Translations run by the worker against a LibreTranslate-compatible server this file runs on 127.0.0.1: it
 * "translates" by upper-casing what is outside our tags, and can answer 429 once or be down.
 */
let mode: 'ok' | '429-once' | 'down' = 'ok';
const requests: Array<{ q: string[]; source: string; target: string; format: string; status: number }> = [];
let server: http.Server;

let stack: TestStack;
let owner: { token: string };
let orgId: string;
let spaceId: string;
const pages: Record<string, string> = {};

const shout = (text: string) => text.replace(/(<[xg] id="\d+"\/>)|([^<]+)/g, (_, tag: string | undefined, words: string | undefined) => tag ?? words!.toUpperCase());

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString());
      const status = mode === 'down' ? 503 : mode === '429-once' ? 429 : 200;
      if (mode === '429-once') mode = 'ok';
      requests.push({ ...body, status });
      if (status !== 200) return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not now' }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: (body.q as string[]).map(shout) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.TRANSLATIONS_PROVIDER = 'libretranslate';
  process.env.LIBRETRANSLATE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.TRANSLATIONS_PROVIDER_BACKOFF_MS = '50';
  process.env.TRANSLATIONS_PROVIDER_RETRIES = '2';
  process.env.TRANSLATIONS_PROVIDER_TIMEOUT_MS = '3000';
  stack = await bootStack('trun', { withWorkers: true });
  owner = await stack.newUser('translator');
  orgId = (await stack.newOrg(owner.token)).id;
  spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Handbook' } })).body.id;
  const cr = (await stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: owner.token, body: { subject: 'Pages' } })).body.id;
  const authored = await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, {
    token: owner.token,
    body: {
      changes: [
        { operation: 'insert_page', ref: 'intro', title: 'Introduction', document: { markdown: 'Welcome to the handbook.' } },
        { operation: 'insert_page', ref: 'guide', title: 'Guide', into: 'intro', document: { markdown: 'Follow these steps.' } },
        { operation: 'insert_files', files: [{ name: 'diagram.png', contentType: 'image/png', base64: Buffer.from('not really a png').toString('base64') }] },
      ],
    },
  });
  for (const change of authored.body.changes) if (change.object === 'created_page') pages[change.ref] = change.page.id;
  pages.diagram = authored.body.insertedFiles[0].id;
  await edit(cr, 'intro', ['# Start here', 'Read the [guide](/pages/' + pages.guide + ') first.', '```bash\nnpm install widget\n```', '![logo](https://example.com/logo.png)', `![diagram](/files/${pages.diagram})`].join('\n\n'));
  expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
  // The translations worker has heard of that merge (before any translation exists, so it runs none): the
  // first translation's first run is then the only one.
  const live = await stack.schemaDb('content')('outbox').where({ type: 'content.revision.created' }).whereRaw(`event->'data'->>'live' = 'true'`).select(stack.schemaDb('content').raw(`event->>'id' as id`));
  expect(live.length).toBeGreaterThan(0);
  await eventually(async () => (await stack.schemaDb('translations')('inbox').whereIn('event_id', live.map((e: { id: string }) => e.id))).length === live.length);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function edit(cr: string, ref: string, markdown: string) {
  const res = await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content`, { token: owner.token, body: { changes: [{ operation: 'update_page', page: pages[ref], document: { markdown } }] } });
  expect(res.status).toBe(200);
}
/** Edits a page of the source's live content (a change request merged). */
async function editLive(ref: string, markdown: string) {
  const cr = (await stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: owner.token, body: { subject: `Edit ${ref}` } })).body.id;
  await edit(cr, ref, markdown);
  expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
}
const translationPath = (id: string) => `/v1/orgs/${orgId}/translations/${id}`;
const read = async (id: string) => (await stack.call('GET', translationPath(id), { token: owner.token })).body;
/** Waits for the translation's run number `runs` to have completed. */
const ranTimes = (id: string, runs: number) => eventually(async () => {
  const t = await read(id);
  if (t.stats.runs >= runs && t.status === 'completed') return t;
  // A failed run says why (the wait then times out with it).
  const row = await translationsDb()('translations').where({ id }).first();
  if (row.last_error) throw new Error(`run failed: ${row.last_error}`);
  return undefined;
}, 20_000);
const resultPages = async (spaceOfResult: string) => (await stack.call('GET', `/v1/spaces/${spaceOfResult}/content/pages`, { token: owner.token })).body.pages;

let translationId: string;
const translationsDb = () => stack.schemaDb('translations');

test('When a translation is created with a provider configured, Then the worker makes the result space with the tree, slugs, code, links and images kept and only prose translated', async () => {
  const created = await stack.call('POST', `/v1/orgs/${orgId}/translations`, { token: owner.token, body: { language: 'fr', source: { space: spaceId, language: 'en' } } });
  expect(created.status).toBe(201);
  translationId = created.body.id;
  const done = await ranTimes(translationId, 1);
  expectOfficialSchema('Translation', done);
  expect(done.result).toEqual({ space: expect.any(String), revision: expect.any(String), language: 'fr' });
  expect(done.stats).toMatchObject({ runs: 1, totalPages: 2, latestPages: 2 });
  expect(done.stats.latestWords).toBeGreaterThan(5);
  expect(requests.every((r) => r.source === 'en' && r.target === 'fr' && r.format === 'html')).toBe(true);

  const space = (await stack.call('GET', `/v1/spaces/${done.result.space}`, { token: owner.token })).body;
  expect(space).toMatchObject({ title: 'Handbook (fr)', organization: orgId, language: 'fr' });
  const [intro] = await resultPages(done.result.space);
  const [source] = (await stack.call('GET', `/v1/spaces/${spaceId}/content/pages`, { token: owner.token })).body.pages;
  expect(intro).toMatchObject({ title: source.title.toUpperCase(), slug: source.slug });
  expect(intro.pages.map((p: { title: string; slug: string }) => [p.title, p.slug])).toEqual([['GUIDE', 'guide']]);
  const guideId = intro.pages[0].id;
  expect(intro.markdown).toContain('# START HERE');
  expect(intro.markdown).toContain(`READ THE [GUIDE](/pages/${guideId}) FIRST.`);
  expect(intro.markdown).toContain('```bash\nnpm install widget\n```');
  expect(intro.markdown).toContain('![LOGO](https://example.com/logo.png)');
  // The space's own image is copied into the result space, and the page points at the copy.
  const files = (await stack.call('GET', `/v1/spaces/${done.result.space}/content/files`, { token: owner.token })).body.items;
  expect(files).toEqual([expect.objectContaining({ name: 'diagram.png', contentType: 'image/png' })]);
  expect(intro.markdown).toContain(`![DIAGRAM](/files/${files[0].id})`);
  const copy = await fetch(files[0].downloadURL, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(Buffer.from(await copy.arrayBuffer()).toString()).toBe('not really a png');
  expect(intro.pages[0].markdown).toContain('FOLLOW THESE STEPS.');
});

test("When a translation has run, Then each page's meta links name the page in the other language, both ways (content learns the page map from translations' event)", async () => {
  const result = (await read(translationId)).result.space;
  const [intro] = await resultPages(result);
  const metaLinks = async (space: string, page: string) => {
    const res = await stack.call('GET', `/v1/spaces/${space}/content/page/${page}/meta-links`, { token: owner.token });
    expect(res.status).toBe(200);
    expectOfficialSchema('RevisionPageMetaLinks', res.body);
    return res.body;
  };
  const fromSource = await eventually(async () => {
    const links = await metaLinks(spaceId, pages.intro);
    return links.alternates.length > 0 && links;
  });
  expect(fromSource).toEqual({ alternates: [{ kind: 'page', page: intro.id, space: result }] });
  expect(await metaLinks(result, intro.id)).toEqual({ alternates: [{ kind: 'page', page: pages.intro, space: spaceId }] });
  expect(await metaLinks(result, intro.pages[0].id)).toEqual({ alternates: [{ kind: 'page', page: pages.guide, space: spaceId }] });
});

test("When a site publishes the source and its translations, Then each page links its versions by hreflang, and a deleted translation's link goes", async () => {
  const french = (await read(translationId)).result.space;
  expect((await stack.call('PATCH', `/v1/spaces/${spaceId}`, { token: owner.token, body: { language: 'en' } })).status).toBe(200);
  const site = (await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title: 'Handbook site', spaces: [spaceId, french] } })).body;
  const published: string = (await stack.call('POST', `/v1/orgs/${orgId}/sites/${site.id}/publish`, { token: owner.token })).body.urls.published;
  const html = async (url: string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return res.text();
  };
  const hreflangs = async (url: string) => Object.fromEntries([...(await html(url)).matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]));

  const intro = await eventually(async () => {
    const links = await hreflangs(published);
    return links.fr ? links : undefined;
  });
  expect(intro).toEqual({ en: published, fr: expect.stringMatching(/^http/) });
  expect(await html(intro.fr)).toContain('START HERE');
  expect(await hreflangs(intro.fr)).toEqual(intro);
  const [{ pages: [{ path: guidePath }] }] = (await stack.call('GET', `/v1/spaces/${spaceId}/content/pages`, { token: owner.token })).body.pages;
  const guide = await hreflangs(`${published}/${guidePath}`);
  expect(guide).toEqual({ en: `${published}/${guidePath}`, fr: expect.stringMatching(/\/guide$/) });
  expect(await html(guide.fr)).toContain('FOLLOW THESE STEPS.');

  const german = (await stack.call('POST', `/v1/orgs/${orgId}/translations`, { token: owner.token, body: { language: 'de', source: { space: spaceId, language: 'en' } } })).body.id;
  const germanSpace = (await ranTimes(german, 1)).result.space;
  expect((await stack.call('POST', `/v1/orgs/${orgId}/sites/${site.id}/site-spaces`, { token: owner.token, body: { spaceId: germanSpace } })).status).toBe(201);
  await eventually(async () => Object.keys(await hreflangs(published)).join() === 'de,en,fr' || undefined);
  // Deleted, the translation's space stays on the site, but its pages are no longer the others' German.
  expect((await stack.call('DELETE', translationPath(german), { token: owner.token })).status).toBe(205);
  await eventually(async () => Object.keys(await hreflangs(published)).join() === 'en,fr' || undefined);
});

test('When a page of the source is edited, Then the next run (started by the change) sends only that page and the other keeps its translation', async () => {
  const before = requests.length;
  await editLive('guide', 'Follow these new steps.');
  const done = await ranTimes(translationId, 2);
  const sent = requests.slice(before).flatMap((r) => r.q);
  expect(sent).toEqual(['Guide', 'Follow these new steps.']);
  expect(done.stats).toMatchObject({ runs: 2, latestPages: 1, totalPages: 2 });
  const [intro] = await resultPages(done.result.space);
  expect(intro.pages[0].markdown).toContain('FOLLOW THESE NEW STEPS.');
  expect(intro.markdown).toContain('# START HERE');
});

test('When the provider answers 429, Then the request is retried and the run completes', async () => {
  mode = '429-once';
  const before = requests.length;
  await editLive('guide', 'Retry me.');
  const done = await ranTimes(translationId, 3);
  expect(requests.slice(before).map((r) => r.status)).toEqual([429, 200]);
  const [intro] = await resultPages(done.result.space);
  expect(intro.pages[0].markdown).toContain('RETRY ME.');
});

test('When the provider is down, Then the run is recorded as failed and the result space is untouched', async () => {
  const before = await read(translationId);
  mode = 'down';
  await editLive('guide', 'Nobody translates this.');
  await eventually(async () => {
    const row = await translationsDb()('translations').where({ id: translationId }).first();
    return row.last_error ? row : undefined;
  }, 20_000).then((row) => expect(row.last_error).toMatch(/LibreTranslate answered 503/));
  const after = await read(translationId);
  expect(after).toMatchObject({ status: 'completed', result: before.result, stats: { runs: before.stats.runs } });
  const [intro] = await resultPages(after.result.space);
  expect(intro.pages[0].markdown).toContain('RETRY ME.');
  mode = 'ok';
});

test('When the glossary has a term, Then it is translated as the glossary says', async () => {
  const put = await stack.call('PUT', `/v1/orgs/${orgId}/translations-glossary`, { token: owner.token, body: { operations: [{ type: 'insert', translations: { en: 'widget', fr: 'Bidule' } }] } });
  expect(put.status).toBe(204);
  const list = await stack.call('GET', `/v1/orgs/${orgId}/translations-glossary`, { token: owner.token });
  expect(list.body).toMatchObject({ count: 1, items: [{ object: 'glossary-entry', translations: { en: 'widget', fr: 'Bidule' } }] });
  expect((await stack.call('GET', `/v1/orgs/${orgId}/translations-glossary/${list.body.items[0].id}`, { token: owner.token })).body.id).toBe(list.body.items[0].id);
  const runs = (await read(translationId)).stats.runs;
  await editLive('guide', 'Install the widget now.');
  const done = await ranTimes(translationId, runs + 1);
  const [intro] = await resultPages(done.result.space);
  expect(intro.pages[0].markdown).toContain('INSTALL THE Bidule NOW.');
  // An update of an entry that does not exist changes nothing: all or none.
  const bad = await stack.call('PUT', `/v1/orgs/${orgId}/translations-glossary`, { token: owner.token, body: { operations: [{ type: 'insert', translations: { en: 'x', fr: 'y' } }, { type: 'delete', id: 'nope' }] } });
  expect(bad.status).toBe(400);
  expect((await stack.call('GET', `/v1/orgs/${orgId}/translations-glossary`, { token: owner.token })).body.count).toBe(1);
});

test('When instructions are updated or a run is asked for, Then they are 200 and 204; bad instructions are 400', async () => {
  const instructions = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Use a formal tone.', marks: [] }] }] }] };
  const put = await stack.call('PUT', translationPath(translationId), { token: owner.token, body: { instructions } });
  expect(put.status).toBe(200);
  expect(put.body.instructions).toEqual(instructions);
  expect((await stack.call('PUT', translationPath(translationId), { token: owner.token, body: { instructions: { object: 'nope' } } })).status).toBe(400);
  const runs = (await read(translationId)).stats.runs;
  expect((await stack.call('POST', `${translationPath(translationId)}/run`, { token: owner.token })).status).toBe(204);
  await ranTimes(translationId, runs + 1);
  expect((await stack.call('POST', `/v1/orgs/${orgId}/translations/nope/run`, { token: owner.token })).status).toBe(404);
});

test('When the source space is deleted, Then its translation stops (a run is 409) and the result space stays', async () => {
  const { result } = await read(translationId);
  expect((await stack.call('DELETE', `/v1/spaces/${spaceId}`, { token: owner.token })).status).toBeLessThan(300);
  await eventually(async () => (await stack.call('POST', `${translationPath(translationId)}/run`, { token: owner.token })).status === 409);
  expect((await stack.call('GET', `/v1/spaces/${result.space}`, { token: owner.token })).status).toBe(200);
});
