import { componentOf, type ComponentCaller } from '@dp/testing';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * API tokens on identity's own app (docs/guides/api-tokens.md, docs/adr/0037; component level, docs/testing.md):
 * who may create, list and revoke them, the cap, and bad input. A token working, and being refused once revoked or
 * expired although the gateway had it cached, stays in test/e2e/identity-tokens.test.ts.
 */
const api = componentOf('tok', identityService, IDENTITY_ENV);
const fixtures = identityFixtures(api);

type Token = { id: string; label: string | null; status: string; createdAt: string; expiresAt: string | null; revokedAt: string | null; revokedBy: string | null };

const tokensOf = async (as: ComponentCaller): Promise<Token[]> => {
  const res = await api.call('GET', '/v1/user/tokens?limit=1000', { as });
  expect(res.status).toBe(200);
  return res.body.items;
};
async function mint(user: TestUser, body: object = {}): Promise<{ token: Token; secret: string }> {
  const res = await api.call('POST', '/v1/user/tokens', { as: user.as, body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('a user manages their own tokens', () => {
  test('When the staff token asks for user tokens, Then it is 403: tokens belong to users', async () => {
    expect((await api.call('POST', '/v1/user/tokens', { as: 'staff', body: {} })).status).toBe(403);
    expect((await api.call('GET', '/v1/user/tokens', { as: 'staff' })).status).toBe(403);
  });

  test('When a user holds 100 live tokens, Then creating one more is a 409 until one is revoked', async () => {
    const gus = await fixtures.newUser('gus');
    for (let i = 1; i < 100; i++) await mint(gus);
    const refused = await api.call('POST', '/v1/user/tokens', { as: gus.as, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('at most 100');
    const [, spare] = await tokensOf(gus.as);
    expect((await api.call('DELETE', `/v1/user/tokens/${spare.id}`, { as: gus.as })).status).toBe(205);
    await mint(gus);
  });
});

describe('bad input', () => {
  const inAYear = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  test.each([
    ['a label too long', { label: 'x'.repeat(65) }, 'body.label'],
    ['an empty label', { label: '' }, 'body.label'],
    ['a blank label', { label: '   ' }, 'body.label'],
    ['an expiry in the past', { expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'body.expiresAt must be in the future'],
    ['an expiry past a year', { expiresAt: inAYear(366) }, 'body.expiresAt must be at most 365 days'],
    ['an expiry that is no date', { expiresAt: 'tomorrow' }, 'body.expiresAt'],
    ['both kinds of expiry', { expiresAt: inAYear(1), expiresInDays: 1 }, 'body.expiresAt and body.expiresInDays'],
    ['zero days', { expiresInDays: 0 }, 'body.expiresInDays'],
    ['more than a year of days', { expiresInDays: 366 }, 'body.expiresInDays'],
    ['an unknown field', { scopes: ['all'] }, 'body.scopes'],
  ])('When a token is created with %s, Then it is a 400 naming the field and nothing is created', async (_label, body, message) => {
    const hal = await fixtures.newUser('hal');
    const res = await api.call('POST', '/v1/user/tokens', { as: hal.as, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await tokensOf(hal.as)).toHaveLength(1);
  });

  test('When a token id is malformed, Then revoking it is a 400 naming params.tokenId', async () => {
    const ivy = await fixtures.newUser('ivy');
    for (const path of ['/v1/user/tokens/bad%20id', '/v1/admin/tokens/bad%20id']) {
      const res = await api.call('DELETE', path, { as: path.includes('admin') ? 'staff' : ivy.as });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.error.message).toContain('params.tokenId');
    }
  });
});

describe('staff', () => {
  test('When a user calls the staff token endpoints, Then it is 403; an unknown user is 404', async () => {
    const kim = await fixtures.newUser('kim');
    expect((await api.call('GET', `/v1/admin/users/${kim.id}/tokens`, { as: kim.as })).status).toBe(403);
    expect((await api.call('DELETE', '/v1/admin/tokens/whatever', { as: kim.as })).status).toBe(403);
    expect((await api.call('GET', '/v1/admin/users/no-such-user/tokens', { as: 'staff' })).status).toBe(404);
  });
});
