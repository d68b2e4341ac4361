import { newId } from '@dp/db';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { translationsService } from '../../src';

/**
 * Translations on the translations app (component level, docs/testing.md): the bad input it refuses before it asks
 * content for the source space, and what it answers from its own tables. What needs a space of content stays in
 * test/e2e/translations-translations.test.ts.
 */
const api = componentOf('trl', translationsService);

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const translations = (org = orgId) => `/v1/orgs/${org}/translations`;

const text = (t: string, marks: string[] = []) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) }] });
const paragraph = (t: string, marks?: string[]) => ({ object: 'block', type: 'paragraph', nodes: [text(t, marks)] });

describe('translations on the translations app', () => {
  const deeplyNested = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'list-unordered', nodes: [{ object: 'block', type: 'list-item', nodes: [{ object: 'block', type: 'list-unordered', nodes: [] }] }] }] };
  test.each([
    ['malformed JSON', { rawBody: '{"language":' }],
    ['no language', { body: { source: { space: 'x', language: 'en' } } }],
    ['no source', { body: { language: 'fr' } }],
    ['an unknown language', { body: { language: 'xx', source: { space: 'x', language: 'en' } } }],
    ['an unknown source language', { body: { language: 'fr', source: { space: 'x', language: 'klingon' } } }],
    ['a source without its language', { body: { language: 'fr', source: { space: 'x' } } }],
    ['a numeric language', { body: { language: 7, source: { space: 'x', language: 'en' } } }],
    ['a numeric source space', { body: { language: 'fr', source: { space: 42, language: 'en' } } }],
    ['an over-long source space id', { body: { language: 'fr', source: { space: 'a'.repeat(101), language: 'en' } } }],
    ['the same source and target language', { body: { language: 'en', source: { space: 'x', language: 'en' } } }],
    ['instructions that are a string', { body: { language: 'fr', source: { space: 'x', language: 'en' }, instructions: 'be formal' } }],
    ['instructions that are not a document', { body: { language: 'fr', source: { space: 'x', language: 'en' }, instructions: { object: 'page', data: {}, nodes: [] } } }],
    ['an unknown block type', { body: { language: 'fr', source: { space: 'x', language: 'en' }, instructions: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'iframe', nodes: [] }] } } }],
    ['an over-long text', { body: { language: 'fr', source: { space: 'x', language: 'en' }, instructions: { object: 'document', data: {}, nodes: [paragraph('x'.repeat(10_001))] } } }],
    ['a list nested in a list', { body: { language: 'fr', source: { space: 'x', language: 'en' }, instructions: deeplyNested } }],
    ['an unknown field', { body: { ...{ language: 'fr', source: { space: 'x', language: 'en' } }, result: { space: 'y' } } }],
    ['a JSON array body', { body: [1, 2] }],
  ])('When the body has %s, Then it is a 400 JSON error and nothing is written', async (_label, opts) => {
    const before = await api.call('GET', translations(), { as: owner });
    const res = await api.call('POST', translations(), { as: owner, ...(opts as object) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    const after = await api.call('GET', translations(), { as: owner });
    expect(after.body.count).toBe(before.body.count);
  });

  test.each([['1001'], ['0'], ['abc']])('When limit=%s, Then listing is a 400', async (limit) => {
    const res = await api.call('GET', `${translations()}?limit=${limit}`, { as: owner });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(400);
  });

  test('When the translation does not exist, Then reading it is 404', async () => {
    const res = await api.call('GET', `${translations()}/nosuchtranslation`, { as: owner });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(404);
  });
});
