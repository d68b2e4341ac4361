import { ASSERTION_HEADER, signAssertion } from '@dp/auth';
import { newId } from '@dp/db';
import { apiClient, componentOf, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';

/**
 * GET /internal/spaces/:spaceId/published-url on the sites app, as content calls it: with the end user's signed
 * caller assertion (component level, docs/testing.md). Its bad input and its 401s; the URLs of content's spaces in
 * sites are tested through the stack (test/e2e/sites-published-url.test.ts).
 */
const api = componentOf('spu', sitesService);

const orgId = newId();
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const publishedUrl = (spaceId: string, opts: { query?: string } = {}) => api.call('GET', `/internal/spaces/${spaceId}/published-url${opts.query ?? ''}`, { as: reader });

describe('GET /internal/spaces/:spaceId/published-url on the sites app', () => {
  test.each([
    ['an over-long share key', `?shareKey=${'k'.repeat(201)}`],
    ['two share keys', '?shareKey=a&shareKey=b'],
    ['an unknown parameter', '?sharekey=a'],
  ])('When the query has %s, Then it is a 400', async (_label, query) => {
    const res = await publishedUrl('anyspace', { query });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.stringMatching(/^query/) } });
  });

  test('When the space id is malformed, Then it is a 400', async () => {
    const res = await publishedUrl('bad%20id');
    expect(res.status).toBe(400);
  });

  test('When the call carries no valid caller assertion, Then it is a 401', async () => {
    const res = await apiClient(api.url)('GET', '/internal/spaces/anyspace/published-url', { headers: { [ASSERTION_HEADER]: signAssertion({ staff: false, memberships: {} }, 'wrong-secret') } });
    expect(res.status).toBe(401);
    expect((await api.call('GET', '/internal/spaces/anyspace/published-url')).status).toBe(401);
  });
});
