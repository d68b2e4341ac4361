import { eventually, untilStatus } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient, TestUser } from '../support/stack-client';

/**
 * API tokens through the gateway (docs/guides/api-tokens.md, docs/adr/0037): a token works once created, and a
 * revoked or expired one is refused on its next request, also when the gateway had it cached (identity.token.revoked
 * evicts it; an expiring token is cached no longer than it lives). Who may create, list and revoke tokens, the cap
 * and bad input are tested on identity's app: services/identity/test/http/tokens.test.ts.
 */
let stack: StackClient;
beforeAll(async () => {
  stack = await sharedStack();
});

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

  test('When a user revokes another of their tokens that the gateway has cached, Then it is soon refused (the revocation event evicts it); revoking again is 204', async () => {
    const bob = await stack.newUser('bob');
    const second = await mint(bob, { label: 'laptop' });
    expect((await me(second.secret)).status).toBe(200); // cached now
    const revoked = await stack.call('DELETE', `/v1/user/tokens/${second.token.id}`, { token: bob.token });
    expect(revoked.status).toBe(205);
    await untilStatus(() => me(second.secret), 401);
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
});

describe('staff', () => {
  test("When staff revokes a user's cached token, Then the gateway soon refuses it (the event evicts it); the list says staff did", async () => {
    const jay = await stack.newUser('jay');
    const keep = await mint(jay, { label: 'keep' });
    expect((await me(jay.token)).status).toBe(200); // cached now

    const list = await stack.call('GET', `/v1/admin/users/${jay.id}/tokens`, { token: stack.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    const first = list.body.items[0] as Token;

    const revoked = await stack.call('DELETE', `/v1/admin/tokens/${first.id}`, { token: stack.adminToken });
    expect(revoked.status).toBe(205);
    await untilStatus(() => me(jay.token), 401);
    expect((await me(keep.secret)).status).toBe(200);
    expect((await stack.call('DELETE', `/v1/admin/tokens/${first.id}`, { token: stack.adminToken })).status).toBe(204);
    const after = (await tokensOf(keep.secret)).find((t) => t.id === first.id);
    expect(after).toMatchObject({ status: 'revoked', revokedBy: null, revokedAt: expect.any(String) });
  });
});
