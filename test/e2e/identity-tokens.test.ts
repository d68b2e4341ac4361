import { eventually } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * API tokens through the gateway (docs/guides/api-tokens.md, docs/adr/0037): a user lists, creates and revokes their
 * own, staff list and revoke anyone's, and a revoked or expired token is refused on its next request, also when
 * the gateway had it cached (identity.token.revoked evicts it; an expiring token is cached no longer than it lives).
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await bootStack('tok');
});
afterAll(() => stack?.stop());

type Token = { id: string; label: string | null; status: string; createdAt: string; expiresAt: string | null; revokedAt: string | null; revokedBy: string | null };

const me = (token: string) => stack.call('GET', '/v1/user', { token });
const tokensOf = async (token: string): Promise<Token[]> => {
  const res = await stack.call('GET', '/v1/user/tokens?limit=1000', { token });
  expect(res.status).toBe(200);
  return res.body.items;
};
async function mint(user: TestUser, body: object = {}): Promise<{ token: Token; secret: string }> {
  const res = await stack.call('POST', '/v1/user/tokens', { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

/** Polls `request` until it answers `status`; returns how long that took (ms), as membership-revocation.test.ts does. */
async function refusedWithin(request: () => Promise<{ status: number }>, status: number, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await request()).status === status) return Date.now() - started;
    if (Date.now() - started > limitMs) throw new Error(`still not ${status} after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('a user manages their own tokens', () => {
  test('When a user creates a labelled token, Then the secret is shown once, works, and the list shows the token without any secret', async () => {
    const ada = await stack.newUser('ada');
    const { token, secret } = await mint(ada, { label: 'CI deploys', expiresInDays: 30 });
    expect(secret).toMatch(/^dp_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      object: 'api-token',
      id: expect.any(String),
      label: 'CI deploys',
      status: 'active',
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      revokedAt: null,
      revokedBy: null,
    });
    const days = (Date.parse(token.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await me(secret)).body.id).toBe(ada.id);

    const listed = await tokensOf(secret);
    // The token staff created with the account, then the new one.
    expect(listed.map((t) => t.label)).toEqual([null, 'CI deploys']);
    expect(listed[1]).toEqual(token);
    expect(JSON.stringify(listed)).not.toContain(secret);
    for (const t of listed) expect(Object.keys(t).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'label', 'object', 'revokedAt', 'revokedBy', 'status']);
  });

  test('When a user revokes another of their tokens that the gateway has cached, Then it is refused within a second; revoking again is 204', async () => {
    const bob = await stack.newUser('bob');
    const second = await mint(bob, { label: 'laptop' });
    expect((await me(second.secret)).status).toBe(200); // cached now
    const revoked = await stack.call('DELETE', `/v1/user/tokens/${second.token.id}`, { token: bob.token });
    expect(revoked.status).toBe(205);
    expect(await refusedWithin(() => me(second.secret), 401, 1000)).toBeLessThan(1000);
    expect((await me(bob.token)).status).toBe(200);
    expect((await stack.call('DELETE', `/v1/user/tokens/${second.token.id}`, { token: bob.token })).status).toBe(204);

    const listed = (await tokensOf(bob.token)).find((t) => t.id === second.token.id)!;
    expect(listed).toMatchObject({ status: 'revoked', revokedAt: expect.any(String), revokedBy: bob.id });
  });

  test('When a user revokes the token they are calling with, Then their very next request is refused', async () => {
    const cleo = await stack.newUser('cleo');
    const [own] = await tokensOf(cleo.token);
    expect((await stack.call('DELETE', `/v1/user/tokens/${own.id}`, { token: cleo.token })).status).toBe(205);
    expect((await me(cleo.token)).status).toBe(401);
  });

  test("When a user revokes someone else's token id, Then it is 204 as for an unknown id and that token keeps working", async () => {
    const dan = await stack.newUser('dan');
    const eve = await stack.newUser('eve');
    const [evesToken] = await tokensOf(eve.token);
    expect((await stack.call('DELETE', `/v1/user/tokens/${evesToken.id}`, { token: dan.token })).status).toBe(204);
    expect((await stack.call('DELETE', '/v1/user/tokens/no-such-token', { token: dan.token })).status).toBe(204);
    expect((await me(eve.token)).status).toBe(200);
    expect((await tokensOf(eve.token))[0].status).toBe('active');
  });

  test('When a token expires while the gateway has it cached, Then it is refused once its expiry passes, and listed as expired', async () => {
    const fay = await stack.newUser('fay');
    const { token, secret } = await mint(fay, { label: 'short', expiresAt: new Date(Date.now() + 2000).toISOString() });
    expect((await me(secret)).status).toBe(200);
    const refusedAt = await eventually(async () => ((await me(secret)).status === 401 ? Date.now() : undefined), 10_000);
    expect(refusedAt).toBeGreaterThanOrEqual(Date.parse(token.expiresAt!));
    expect((await tokensOf(fay.token)).find((t) => t.id === token.id)).toMatchObject({ status: 'expired', revokedAt: null });
  });

  test('When the staff token asks for user tokens, Then it is 403: tokens belong to users', async () => {
    expect((await stack.call('POST', '/v1/user/tokens', { token: stack.adminToken, body: {} })).status).toBe(403);
    expect((await stack.call('GET', '/v1/user/tokens', { token: stack.adminToken })).status).toBe(403);
  });

  test('When a user holds 100 live tokens, Then creating one more is a 409 until one is revoked', async () => {
    const gus = await stack.newUser('gus');
    for (let i = 1; i < 100; i++) await mint(gus);
    const refused = await stack.call('POST', '/v1/user/tokens', { token: gus.token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('at most 100');
    const [, spare] = await tokensOf(gus.token);
    expect((await stack.call('DELETE', `/v1/user/tokens/${spare.id}`, { token: gus.token })).status).toBe(205);
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
    const hal = await stack.newUser('hal');
    const res = await stack.call('POST', '/v1/user/tokens', { token: hal.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(message);
    expect(await tokensOf(hal.token)).toHaveLength(1);
  });

  test('When a token id is malformed, Then revoking it is a 400 naming params.tokenId', async () => {
    const ivy = await stack.newUser('ivy');
    for (const path of ['/v1/user/tokens/bad%20id', '/v1/admin/tokens/bad%20id']) {
      const res = await stack.call('DELETE', path, { token: path.includes('admin') ? stack.adminToken : ivy.token });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(res.body.error.message).toContain('params.tokenId');
    }
  });
});

describe('staff', () => {
  test("When staff revokes a user's cached token, Then the gateway refuses it within a second; the list says staff did", async () => {
    const jay = await stack.newUser('jay');
    const keep = await mint(jay, { label: 'keep' });
    expect((await me(jay.token)).status).toBe(200); // cached now

    const list = await stack.call('GET', `/v1/admin/users/${jay.id}/tokens`, { token: stack.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const first = list.body.items[0] as Token;

    const revoked = await stack.call('DELETE', `/v1/admin/tokens/${first.id}`, { token: stack.adminToken });
    expect(revoked.status).toBe(205);
    expect(await refusedWithin(() => me(jay.token), 401, 1000)).toBeLessThan(1000);
    expect((await me(keep.secret)).status).toBe(200);
    expect((await stack.call('DELETE', `/v1/admin/tokens/${first.id}`, { token: stack.adminToken })).status).toBe(204);
    const after = (await tokensOf(keep.secret)).find((t) => t.id === first.id);
    expect(after).toMatchObject({ status: 'revoked', revokedBy: null, revokedAt: expect.any(String) });
  });

  test('When a user calls the staff token endpoints, Then it is 403; an unknown user is 404', async () => {
    const kim = await stack.newUser('kim');
    expect((await stack.call('GET', `/v1/admin/users/${kim.id}/tokens`, { token: kim.token })).status).toBe(403);
    expect((await stack.call('DELETE', '/v1/admin/tokens/whatever', { token: kim.token })).status).toBe(403);
    expect((await stack.call('GET', '/v1/admin/users/no-such-user/tokens', { token: stack.adminToken })).status).toBe(404);
  });
});
