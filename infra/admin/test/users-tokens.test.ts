import { eventually } from '@dp/testing';
import { bootStack, type TestStack } from '../../../test/support/stack';
import { admin, adminEnv, adminJson } from './support';

/**
 * `users create`, `tokens list` and `tokens revoke` against a running deployment (the whole stack, on the real
 * PostgreSQL and RabbitMQ): a token the CLI prints authenticates through the gateway, and one it revokes is
 * refused there on a following request.
 */
let stack: TestStack;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  stack = await bootStack('admusr');
  env = adminEnv(stack.namespace);
});
afterAll(() => stack?.stop());

type Created = { user: { object: 'user'; id: string; email: string; displayName: string }; token: string; organization?: { id: string; title: string } };
type Listed = { next?: { page: string }; count: number; items: Array<{ id: string; userId: string; email: string; status: string; revokedAt: string | null; revokedBy: string | null }> };

let counter = 0;
const email = (name: string) => `${name}.${Date.now()}.${++counter}@example.com`;

test('When an operator creates a user with an organization, Then the printed token authenticates through the gateway as that user, an admin of it', async () => {
  const address = email('ada');
  const created = await adminJson<Created>(env, 'users', 'create', '--email', address, '--name', 'Ada Lovelace', '--org', 'Analytical Docs');
  expect(created.user).toMatchObject({ object: 'user', email: address, displayName: 'Ada Lovelace' });
  expect(created.token).toMatch(/^dp_[A-Za-z0-9_-]{43}$/);

  const me = await stack.call('GET', '/v1/user', { token: created.token });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ id: created.user.id, email: address, displayName: 'Ada Lovelace' });
  const org = await stack.call('GET', `/v1/orgs/${created.organization!.id}`, { token: created.token });
  expect(org.status).toBe(200);
  expect(org.body).toMatchObject({ id: created.organization!.id, title: 'Analytical Docs' });
  expect((await stack.call('GET', '/v1/user', { token: `${created.token}x` })).status).toBe(401);
});

test('When an operator creates a user in text mode, Then it prints the user id and the token; an email taken or malformed exits 1', async () => {
  const address = email('grace');
  const run = await admin(env, 'users', 'create', '--email', address, '--name', 'Grace');
  expect(run.code).toBe(0);
  const userId = /^user id\s+(\S+)$/m.exec(run.stdout)![1];
  const token = /^token\s+(dp_\S+)$/m.exec(run.stdout)![1];
  expect(run.stdout).toMatch(new RegExp(`^email\\s+${address.replace(/\./g, '\\.')}$`, 'm'));
  expect((await stack.call('GET', '/v1/user', { token })).body.id).toBe(userId);

  expect(await admin(env, 'users', 'create', '--email', address, '--name', 'Grace again')).toEqual({ code: 1, stdout: '', stderr: `error: A user with email ${address} already exists\n` });
  const malformed = await admin(env, 'users', 'create', '--email', 'not-an-email', '--name', 'Nobody');
  expect(malformed.code).toBe(1);
  expect(malformed.stderr).toMatch(/^error: options\.email /);
  // A bad organization title is refused before the user is created.
  const badOrg = email('org');
  expect((await admin(env, 'users', 'create', '--email', badOrg, '--name', 'Org', '--org', 'x')).code).toBe(1);
  expect((await adminJson<Listed>(env, 'tokens', 'list')).items.some((t) => t.email === badOrg)).toBe(false);
});

test('When the organization cannot be written, Then users create exits 1 and leaves no user, token or event behind', async () => {
  const db = stack.schemaDb('identity');
  // A failure PostgreSQL itself raises on the organization's insert, after the user and token rows were written.
  await db.raw(`create or replace function refuse_org() returns trigger language plpgsql as $$ begin raise exception 'organization refused by test trigger'; end $$`);
  await db.raw(`create trigger refuse_org before insert on organizations for each row when (new.title = 'Refused Org') execute function refuse_org()`);
  try {
    const address = email('half');
    const run = await admin(env, 'users', 'create', '--email', address, '--name', 'Half', '--org', 'Refused Org');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/organization refused by test trigger/);
    expect(await db('users').where({ email: address }).first()).toBeUndefined();
    expect(await db('outbox').whereRaw(`event->'data'->>'email' = ?`, [address]).first()).toBeUndefined();
    // The same email is free: nothing of the failed run holds it.
    expect((await admin(env, 'users', 'create', '--email', address, '--name', 'Half')).code).toBe(0);
  } finally {
    await db.raw('drop trigger if exists refuse_org on organizations');
    await db.raw('drop function if exists refuse_org()');
  }
});

test('When an operator lists tokens and revokes one, Then the gateway refuses it on a following request and the list shows it revoked by staff', async () => {
  const address = email('lin');
  const { user, token } = await adminJson<Created>(env, 'users', 'create', '--email', address, '--name', 'Lin');
  expect((await stack.call('GET', '/v1/user', { token })).status).toBe(200); // now cached by the gateway

  const byEmail = await adminJson<Listed>(env, 'tokens', 'list', '--user', address);
  expect(byEmail.count).toBe(1);
  expect(byEmail.items).toEqual([expect.objectContaining({ userId: user.id, email: address, status: 'active', revokedAt: null })]);
  const tokenId = byEmail.items[0].id;
  expect(await adminJson<Listed>(env, 'tokens', 'list', '--user', user.id)).toEqual(byEmail);
  const table = await admin(env, 'tokens', 'list', '--user', address);
  expect(table.stdout).toMatch(/^ID\s+USER\s+LABEL\s+STATUS\s+CREATED\s+EXPIRES\s+REVOKED$/m);
  expect(table.stdout).toMatch(new RegExp(`^${tokenId}\\s+${address.replace(/\./g, '\\.')}\\s+-\\s+active\\s+\\S+\\s+-\\s+-$`, 'm'));
  // Everyone's tokens, a page at a time.
  const first = await adminJson<Listed>(env, 'tokens', 'list', '--limit', '1');
  expect(first.items).toHaveLength(1);
  expect(first.count).toBeGreaterThan(1);
  const second = await adminJson<Listed>(env, 'tokens', 'list', '--limit', '1', '--page', first.next!.page);
  expect(second.items[0].id).not.toBe(first.items[0].id);

  expect(await admin(env, 'tokens', 'revoke', tokenId)).toEqual({ code: 0, stdout: `revoked token ${tokenId}\n`, stderr: '' });
  // identity.token.revoked, relayed by identity's worker, evicts the gateway's cached principal.
  await eventually(async () => (await stack.call('GET', '/v1/user', { token })).status === 401, 10_000, 50);
  const [revoked] = (await adminJson<Listed>(env, 'tokens', 'list', '--user', address)).items;
  expect(revoked).toMatchObject({ id: tokenId, status: 'revoked', revokedAt: expect.any(String), revokedBy: null });

  expect(await admin(env, 'tokens', 'revoke', tokenId)).toEqual({ code: 1, stdout: '', stderr: `error: no live token ${tokenId} (unknown, or revoked already)\n` });
  expect(await admin(env, 'tokens', 'revoke', 'no-such-token')).toEqual({ code: 1, stdout: '', stderr: 'error: no live token no-such-token (unknown, or revoked already)\n' });
  expect(await admin(env, 'tokens', 'list', '--user', 'nobody@example.com')).toEqual({ code: 1, stdout: '', stderr: 'error: no user nobody@example.com\n' });
}, 60_000);
