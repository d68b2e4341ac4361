import { componentOf } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/** Space templates: applied to live content or a change request, or given at space creation (component level, docs/testing.md). */
const component = componentOf('tpl', contentService);
const api = contentFixtures(component);

const newSpace = async (body: object = { title: 'Docs' }) => {
  const res = await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; revision: string };
};
const pagesOf = async (spaceId: string, cr?: string) =>
  (await api.call('GET', `/v1/spaces/${spaceId}${cr ? `/change-requests/${cr}` : ''}/content/pages`)).body.pages as Array<{ title: string; pages: Array<{ title: string }> }>;

describe('space templates', () => {
  test('When a template is applied to a space, Then 201 with no body and its pages follow the ones already live, sub-pages nested', async () => {
    const space = await newSpace({ title: 'Docs', template: { id: 'knowledge-base' } });
    const res = await api.call('POST', `/v1/spaces/${space.id}/content/template`, { id: 'product-docs' });
    expect(res.status).toBe(201);
    expect(res.body).toBeUndefined();
    const pages = await pagesOf(space.id);
    expect(pages.map((p) => p.title)).toEqual(['Welcome', 'How-to articles', 'Troubleshooting', 'Overview', 'Getting started', 'Guides', 'FAQ']);
    expect(pages[4].pages.map((p) => p.title)).toEqual(['Quickstart', 'Installation']);
    const page = await api.call('GET', `/v1/spaces/${space.id}/content/page/${(pages[3] as unknown as { id: string }).id}?format=markdown`);
    expect(page.body.markdown).toMatch(/^# Overview/);
    expect((await api.call('GET', `/v1/spaces/${space.id}`)).body.revision).not.toBe(space.revision);
  });

  test('When a template is applied to a change request, Then only the change request has its pages', async () => {
    const space = await newSpace();
    const cr = (await api.call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Template' })).body;
    expect((await api.call('POST', `/v1/spaces/${space.id}/content/template`, { id: 'api-reference', changeRequestId: cr.id })).status).toBe(201);
    expect((await pagesOf(space.id, cr.id)).map((p) => p.title)).toEqual(['Introduction', 'Authentication', 'Endpoints', 'Errors']);
    expect(await pagesOf(space.id)).toEqual([]);
  });

  test('When a space is created with a template, Then its first revision has the pages', async () => {
    const space = await newSpace({ title: 'KB', template: { id: 'knowledge-base' } });
    expect((await pagesOf(space.id)).map((p) => p.title)).toEqual(['Welcome', 'How-to articles', 'Troubleshooting']);
  });

  test('When the template is unknown or the body is wrong, Then 400 and nothing is written; a read member gets 403', async () => {
    const space = await newSpace();
    for (const body of [{ id: 'nope' }, {}, { id: 'product-docs', extra: 1 }, { id: 42 }]) {
      expect((await api.call('POST', `/v1/spaces/${space.id}/content/template`, body)).status).toBe(400);
    }
    const created = await api.call('POST', `/v1/orgs/${api.orgId}/spaces`, { title: 'X', template: { id: 'nope' } });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toMatch(/template "nope" does not exist/);
    expect((await api.call('GET', `/v1/spaces/${space.id}`)).body.revision).toBe(space.revision);

    const reader = await api.newUser('reader', 'read');
    const res = await component.call('POST', `/v1/spaces/${space.id}/content/template`, { as: reader.as, body: { id: 'product-docs' } });
    expect(res.status).toBe(403);
    expect(await pagesOf(space.id)).toEqual([]);
  });
});
