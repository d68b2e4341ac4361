import { newId } from '@dp/db';
import { ContentEvents, createEvent, TranslationsEvents, type CloudEvent } from '@dp/events';
import { publishedAlternatesResponse } from '@dp/contracts';
import { componentOf, declaredResponseErrors, expectOfficialSchema } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/**
 * The official meta links of a page on content's app (docs/adr/0105): its other language versions, from the page
 * maps of the translations service's completed runs (fed to content's handler here, as its worker does), the same
 * under the live content, a change request and a revision; only spaces the caller may view and not deleted.
 */
const api = componentOf('meta', contentService);
const fixtures = contentFixtures(api);
const orgId = fixtures.orgId;

const newSpace = async (title: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
/** Inserts pages titled `titles` into the live content through a merged change request; their ids, in order. */
async function withPages(spaceId: string, titles: string[]): Promise<string[]> {
  const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Pages' })).body.id;
  const authored = await fixtures.author(spaceId, cr, titles.map((title) => ({ operation: 'insert_page', title, document: { markdown: title } })));
  expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`)).status).toBe(200);
  return authored.body.changes.map((c: { page: { id: string } }) => c.page.id);
}
const completed = (
  translationId: string,
  source: string,
  result: string,
  language: string,
  pages: Array<[string, string]>,
  time = new Date(),
) =>
  api.handle({
    ...createEvent(
      TranslationsEvents.TRANSLATION_COMPLETED,
      { translationId, organizationId: orgId, sourceSpaceId: source, sourceLanguage: 'en', resultSpaceId: result, language, pages: pages.map(([s, r]) => ({ source: s, result: r })) },
      { source: 'translations', subject: translationId },
    ),
    time: time.toISOString(),
  });
const metaLinks = async (path: string, as = fixtures.owner.as) => {
  const res = await api.call('GET', `${path}/meta-links`, { as });
  if (res.status === 200) expectOfficialSchema('RevisionPageMetaLinks', res.body);
  return res;
};
const ref = (space: string, page: string) => ({ kind: 'page', page, space });
/** What the sites publisher reads for its hreflang links (as itself), checked against the route's contract. */
const publishedAlternates = async (space: string, page: string, as: { service: string } = { service: 'sites' }) => {
  const res = await api.call('GET', `/internal/spaces/${space}/pages/${page}/alternates`, { as });
  if (res.status === 200) expect(declaredResponseErrors(publishedAlternatesResponse, res.body)).toEqual([]);
  return res;
};
/** The `content.space-translations.updated` events of one translation, as written to content's outbox. */
const translationsUpdated = async (translationId: string) =>
  (await api.outbox(ContentEvents.SPACE_TRANSLATIONS_UPDATED)).filter((e: CloudEvent) => (e.data as { translationId: string }).translationId === translationId);

let source: string, french: string, german: string;
let intro: string, guide: string, introFr: string, guideFr: string, introDe: string;
const [fr, de] = [newId(), newId()];
beforeAll(async () => {
  [source, french, german] = [await newSpace('Handbook'), await newSpace('Manuel'), await newSpace('Handbuch')];
  [intro, guide] = await withPages(source, ['Intro', 'Guide']);
  [introFr, guideFr] = await withPages(french, ['Intro FR', 'Guide FR']);
  [introDe] = await withPages(german, ['Intro DE']);
  await completed(fr, source, french, 'fr', [[intro, introFr], [guide, guideFr]]);
  await completed(de, source, german, 'de', [[intro, introDe]]);
});

test('When a page is translated twice, Then its meta links name each translation, and each translation names the source and the other, by language', async () => {
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${intro}`)).body).toEqual({ alternates: [ref(german, introDe), ref(french, introFr)] });
  expect((await metaLinks(`/v1/spaces/${french}/content/page/${introFr}`)).body).toEqual({ alternates: [ref(german, introDe), ref(source, intro)] });
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${guide}`)).body).toEqual({ alternates: [ref(french, guideFr)] });
  expect((await metaLinks(`/v1/spaces/${german}/content/page/${introDe}`)).body).toEqual({ alternates: [ref(source, intro), ref(french, introFr)] });
});

test('When the page is read under a change request or at a revision, Then the meta links are the same; a page not there is a 404', async () => {
  const cr = (await fixtures.call('POST', `/v1/spaces/${source}/change-requests`, { subject: 'Read' })).body.id;
  const revision = (await fixtures.call('GET', `/v1/spaces/${source}`)).body.revision;
  const expected = { alternates: [ref(german, introDe), ref(french, introFr)] };
  expect((await metaLinks(`/v1/spaces/${source}/change-requests/${cr}/content/page/${intro}`)).body).toEqual(expected);
  expect((await metaLinks(`/v1/spaces/${source}/revisions/${revision}/page/${intro}`)).body).toEqual(expected);
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${introFr}`)).status).toBe(404);
  expect((await metaLinks(`/v1/spaces/${source}/revisions/${revision}/page/nope`)).status).toBe(404);
  const stranger = await fixtures.newUser('stranger', 'admin', newId());
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${intro}`, stranger.as)).status).toBe(404);
});

test('When a page has no translation, Then its meta links are empty', async () => {
  const alone = await newSpace('Alone');
  const [page] = await withPages(alone, ['Alone']);
  expect((await metaLinks(`/v1/spaces/${alone}/content/page/${page}`)).body).toEqual({ alternates: [] });
  const [untranslated] = await withPages(source, ['Later']);
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${untranslated}`)).body).toEqual({ alternates: [] });
});

test('When a translation space is hidden from the caller or deleted, Then its page is not among the alternates', async () => {
  const reader = await fixtures.newUser('reader', 'read');
  expect((await fixtures.call('PATCH', `/v1/spaces/${german}`, { defaultLevel: null })).status).toBe(200);
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${intro}`, reader.as)).body).toEqual({ alternates: [ref(french, introFr)] });
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${intro}`)).body.alternates).toHaveLength(2);
  const hidden = await newSpace('Hidden then deleted');
  const [page] = await withPages(hidden, ['Gone']);
  await completed(newId(), source, hidden, 'it', [[guide, page]]);
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${guide}`)).body.alternates).toContainEqual(ref(hidden, page));
  expect((await fixtures.call('DELETE', `/v1/spaces/${hidden}`)).status).toBe(205);
  expect((await metaLinks(`/v1/spaces/${source}/content/page/${guide}`)).body).toEqual({ alternates: [ref(french, guideFr)] });
});

test('When a completion older than the one kept arrives, or one after the translation was deleted, Then it changes nothing', async () => {
  const space = await newSpace('Versioned');
  const [a, b] = await withPages(space, ['A', 'B']);
  const target = await newSpace('Versioned ES');
  const [ta, tb] = await withPages(target, ['A ES', 'B ES']);
  const id = newId();
  const now = Date.now();
  await completed(id, space, target, 'es', [[a, ta], [b, tb]], new Date(now));
  await completed(id, space, target, 'es', [[a, ta]], new Date(now - 60_000));
  expect((await metaLinks(`/v1/spaces/${space}/content/page/${b}`)).body).toEqual({ alternates: [ref(target, tb)] });
  await api.handle(createEvent(TranslationsEvents.TRANSLATION_DELETED, { translationId: id, organizationId: orgId }, { source: 'translations', subject: id }));
  expect((await metaLinks(`/v1/spaces/${space}/content/page/${a}`)).body).toEqual({ alternates: [] });
  await completed(id, space, target, 'es', [[a, ta], [b, tb]], new Date(now + 60_000));
  expect((await metaLinks(`/v1/spaces/${space}/content/page/${a}`)).body).toEqual({ alternates: [] });
});

test("When the sites publisher asks for a page's alternates, Then it gets every translation not deleted with its language, whoever may view it; other callers are refused", async () => {
  expect((await publishedAlternates(source, intro)).body).toEqual({ items: [{ space: german, page: introDe, language: 'de' }, { space: french, page: introFr, language: 'fr' }] });
  expect((await publishedAlternates(french, guideFr)).body).toEqual({ items: [{ space: source, page: guide, language: 'en' }] });
  expect((await publishedAlternates(source, 'no-such-page')).body).toEqual({ items: [] });
  expect((await publishedAlternates('no-such-space', intro)).status).toBe(404);
  expect((await publishedAlternates(source, intro, { service: 'integrations' })).status).toBe(403);
  expect((await api.call('GET', `/internal/spaces/${source}/pages/${intro}/alternates`, { as: fixtures.owner.as })).status).toBe(403);
});

test("When a translation's page map is kept or the translation is deleted, Then content announces which spaces' pages changed languages, once per change", async () => {
  const space = await newSpace('Announced');
  const [a] = await withPages(space, ['A']);
  const [first, second] = [await newSpace('Announced PT'), await newSpace('Announced NL')];
  const [[pa], [na]] = [await withPages(first, ['A PT']), await withPages(second, ['A NL'])];
  const [pt, nl] = [newId(), newId()];
  const now = Date.now();
  await completed(pt, space, first, 'pt', [[a, pa]], new Date(now));
  await completed(nl, space, second, 'nl', [[a, na]], new Date(now));
  expect((await translationsUpdated(nl)).map((e) => e.data)).toEqual([{ translationId: nl, organizationId: orgId, spaceIds: [space, first, second] }]);
  // An older completion keeps nothing and says nothing.
  await completed(pt, space, first, 'pt', [], new Date(now - 1000));
  expect(await translationsUpdated(pt)).toHaveLength(1);
  await api.handle(createEvent(TranslationsEvents.TRANSLATION_DELETED, { translationId: pt, organizationId: orgId }, { source: 'translations', subject: pt }));
  const [, deleted] = await translationsUpdated(pt);
  expect(deleted.data).toEqual({ translationId: pt, organizationId: orgId, spaceIds: [space, second, first] });
  // Deleting one never kept (or twice) has nothing to say.
  await api.handle(createEvent(TranslationsEvents.TRANSLATION_DELETED, { translationId: pt, organizationId: orgId }, { source: 'translations', subject: pt }));
  expect(await translationsUpdated(pt)).toHaveLength(2);
});
