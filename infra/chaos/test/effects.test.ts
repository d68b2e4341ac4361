import { migrate } from '@dp/db';
import { services } from '@dp/local';
import { schemaForFile } from '@dp/testing';
import { effectsChecked, effectsDisagreements } from '../src/effects';

/**
 * The chaos run's agreement checks (docs/adr/0116) on the contexts' real tables, migrated as the services do: each
 * must see its kind of disagreement (a page search lacks or still has, a translation left running on a deleted
 * space, an integration event delivered twice or delivered without saying so), and nothing once the rows agree.
 */
const contexts = ['content', 'sites', 'translations', 'integrations'] as const;
const at = Object.fromEntries(contexts.map((context) => [context, schemaForFile('chaosfx', context)])) as Record<(typeof contexts)[number], ReturnType<typeof schemaForFile>>;
const schemas = Object.fromEntries(contexts.map((context) => [context, at[context].schema]));
const db = at.content.db;

beforeAll(async () => {
  for (const context of contexts) await migrate(at[context].db, at[context].schema, services.find(({ def }) => def.context === context)!.def.migrations);
}, 60_000);

const disagreements = () => effectsDisagreements(db, schemas);
const page = (id: string, title: string, type = 'document') => ({ id, parent: null, type, title, slug: id, hidden: false, noIndex: false, noRobotsIndex: false, documentHash: null, createdAt: '', updatedAt: '' });

test('When search lacks a live page, holds it under an old title or holds one the revision dropped, Then the checker says so; once it matches, nothing', async () => {
  expect(await disagreements()).toEqual([]);
  await at.content.db('page_chunks').insert({ hash: 'chunk-1', pages: JSON.stringify([page('pg-a', 'Alpha'), page('pg-g', 'A group', 'group')]) });
  await at.content.db('spaces').insert({ id: 'sp-1', organization_id: 'org-1', title: 'Live', revision_id: 'rev-1', created_by: 'u' });
  await at.content.db('revisions').insert({ id: 'rev-1', space_id: 'sp-1', page_chunks: ['chunk-1'] });
  expect(await disagreements()).toEqual(['search does not find page pg-a ("Alpha") of space sp-1 as its current revision has it']);

  const indexed = (pageId: string, title: string) => ({ space_id: 'sp-1', page_id: pageId, title, path: pageId, tsv: db.raw("to_tsvector('english', ?)", [title]) });
  await at.content.db('search_pages').insert(indexed('pg-a', 'Alpha before'));
  expect(await disagreements()).toEqual(['search does not find page pg-a ("Alpha") of space sp-1 as its current revision has it']);
  await at.content.db('search_pages').where({ page_id: 'pg-a' }).update({ title: 'Alpha' });
  expect(await disagreements()).toEqual([]);

  await at.content.db('search_pages').insert(indexed('pg-gone', 'Gone'));
  expect(await disagreements()).toEqual(['search still finds page pg-gone ("Gone") of space sp-1, which its current revision does not have']);
  // A deleted space's index is content's to keep (a restore brings it back): nothing to say.
  await at.content.db('spaces').where({ id: 'sp-1' }).update({ deleted_at: new Date() });
  expect(await disagreements()).toEqual([]);
});

test('When a translation of a deleted space is not stopped, Then the checker says so; once stopped, nothing', async () => {
  await at.content.db('spaces').insert({ id: 'sp-2', organization_id: 'org-1', title: 'Gone', revision_id: 'rev-2', created_by: 'u', deleted_at: new Date() });
  await at.content.db('revisions').insert({ id: 'rev-2', space_id: 'sp-2', page_chunks: [] });
  await at.translations.db('translations').insert({ id: 'tr-1', organization_id: 'org-1', language: 'fr', source_space_id: 'sp-2', source_language: 'en', instructions: '{}', created_by: 'u' });
  expect(await disagreements()).toEqual(['translation tr-1 still runs, although content deleted its space sp-2']);
  await at.translations.db('translations').where({ id: 'tr-1' }).update({ source_deleted_at: new Date() });
  expect(await disagreements()).toEqual([]);
  expect(await effectsChecked(db, schemas)).toMatchObject({ stoppedTranslations: 1 });
});

test('When an integration event is delivered twice, or its log and its status disagree, Then the checker says so; one delivery each, nothing', async () => {
  const idb = at.integrations.db;
  await idb('organizations').insert({ id: 'org-1', title: 'Org', title_at: new Date() });
  await idb('integrations').insert({ id: 'int-1', name: 'chaos', organization_id: 'org-1', title: 'Chaos', description: 'd', visibility: 'private', script: 'x', published_by: 'u' });
  const event = (id: string, status: string) => ({ id, integration_id: 'int-1', event_id: `ev-${id}`, type: 'site_published', status, payload: '{}' });
  const log = (eventId: string, message: string) => ({ event_id: eventId, message, level: 'info' });
  await idb('integration_events').insert([event('ie-1', 'success'), event('ie-2', 'failed')]);
  await idb('integration_event_logs').insert([log('ie-1', 'attempt 1 to the script: HTTP 500: no; next attempt in 1 s'), log('ie-2', 'attempt 1 to the script: HTTP 500: no; no attempt left: failed')]);
  expect(await disagreements()).toEqual(['integration event ie-1 is success with 0 deliveries in its attempt log']);

  await idb('integration_event_logs').insert(log('ie-1', 'attempt 2 to the script: HTTP 200 in 3 ms; delivered'));
  expect(await disagreements()).toEqual([]);
  await idb('integration_event_logs').insert(log('ie-1', 'attempt 3 to the script: HTTP 200 in 2 ms; delivered'));
  await idb('integration_event_logs').insert(log('ie-2', 'attempt 2 to the script: HTTP 200 in 2 ms; delivered'));
  expect((await disagreements()).sort()).toEqual(['integration event ie-1 is success with 2 deliveries in its attempt log', 'integration event ie-2 is failed with 1 deliveries in its attempt log']);
  expect(await effectsChecked(db, schemas)).toMatchObject({ deliveredIntegrationEvents: 1, failedIntegrationEvents: 1 });
});
