import type { Knex } from 'knex';
import { sharedStack, type SharedStack } from '../support/shared-stack';
import type { TestUser } from '../support/stack-client';
import { TestIdentityProvider } from '../support/saml-idp';

/**
 * Issue 21 §1 (docs/adr/0056): any user can create an organization and a SAML provider with their own IdP key.
 * Such a provider must never sign in an account it did not create and its owner did not link to it, whatever the
 * organization's settings say. The attack runs through the gateway, as an attacker with an ordinary account would.
 */
let stack: SharedStack;
let db: Knex;
let victim: TestUser;
let attacker: TestUser;
let victimOrgId: string;
let attackerOrgId: string;
let attackerIdp: TestIdentityProvider;

type Provider = { id: string; acsURL: string; startURL: string; entityID: string };

beforeAll(async () => {
  stack = await sharedStack();
  db = stack.schemaDb('identity');
  attackerIdp = await TestIdentityProvider.start();
  [victim, attacker] = await Promise.all([stack.newUser('victim'), stack.newUser('attacker')]);
  victimOrgId = (await stack.newOrg(victim.token, 'Victim Org')).id;
  attackerOrgId = (await stack.newOrg(attacker.token, 'Attacker Org')).id;
}, 60_000);
afterAll(() => stack?.release());

const pathOf = (url: string) => new URL(url).pathname;

/** An active provider of `orgId` whose IdP is `idp` (the attacker's own key pair and certificate). */
async function provider(token: string, orgId: string, idp: TestIdentityProvider, defaultRole: string | null = 'admin'): Promise<Provider> {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/saml`, { token, body: { label: 'Own IdP', entityID: idp.entityId, ssoURL: idp.ssoUrl, certificate: idp.certificate, defaultRole } });
  expect(res.status).toBe(201);
  return { id: res.body.id, ...res.body.service };
}

/** A whole sign-in: start, the IdP's signed answer asserting `email`, the post to the ACS (JSON unless `accept` says otherwise). */
async function signIn(p: Provider, idp: TestIdentityProvider, email: string, accept = 'application/json') {
  const started = await fetch(`${stack.baseUrl}${pathOf(p.startURL)}`, { redirect: 'manual' });
  expect(started.status).toBe(302);
  const request = idp.readAuthnRequest(started.headers.get('location')!);
  const samlResponse = idp.response({ inResponseTo: request.id, acsUrl: p.acsURL, audience: p.entityID, email });
  const res = await stack.call('POST', pathOf(p.acsURL), {
    rawBody: TestIdentityProvider.form(samlResponse, request.relayState),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
  });
  return { res, requestId: request.id };
}

const count = async (table: string, where: Record<string, string> = {}) => Number((await db(table).where(where).count<{ n: string }[]>({ n: '*' }))[0].n);

/** Everything a sign-in could have created or changed for `userId`. */
async function footprint(userId: string) {
  return {
    tokens: await count('api_tokens', { user_id: userId }),
    memberships: (await db('members').where({ user_id: userId }).select('organization_id', 'role', 'sso').orderBy('organization_id')),
    links: await count('saml_links', { user_id: userId }),
    users: await count('users'),
    events: await count('outbox'),
  };
}

describe('SAML account takeover (issue 21 §1)', () => {
  test('When an attacker’s own IdP asserts an existing user’s email at the attacker’s provider, Then the ACS refuses with a 409 that says how to link, and no token, membership, user, link or event is created', async () => {
    // The attacker's organization claims the victim's email domain and enforces SSO: neither may matter.
    const patched = await stack.call('PATCH', `/v1/orgs/${attackerOrgId}`, { token: attacker.token, body: { emailDomains: ['example.com'], sso: true } });
    expect(patched.status).toBe(200);
    const evil = await provider(attacker.token, attackerOrgId, attackerIdp);
    const before = await footprint(victim.id);

    const { res, requestId } = await signIn(evil, attackerIdp, victim.email);
    expect(res.status).toBe(409);
    expect(res.body.token).toBeUndefined();
    expect(res.body.error.message).toMatch(/POST \/v1\/user\/saml-links/);
    expect(res.body.error.linkCode).toEqual(expect.any(String));
    expect(await footprint(victim.id)).toEqual(before);
    expect(await db('members').where({ organization_id: attackerOrgId, user_id: victim.id }).first()).toBeUndefined();
    // The request is used up: the same response cannot be replayed for another code.
    expect((await db('saml_requests').where({ id: requestId }).first()).consumed_at).not.toBeNull();

    // Upper-cased email and the browser's page: the same refusal, no token on the page.
    const page = await signIn(evil, attackerIdp, victim.email.toUpperCase(), 'text/html');
    expect(page.res.status).toBe(409);
    expect(page.res.body).toContain('Sign-in refused');
    expect(page.res.body).not.toMatch(/dp_[A-Za-z0-9_-]{43}/);
    expect(await footprint(victim.id)).toEqual(before);

    // The attacker holds the link code, but it links only the account of the email it was asserted for.
    const stolen = await stack.call('POST', '/v1/user/saml-links', { token: attacker.token, body: { code: res.body.error.linkCode } });
    expect(stolen.status).toBe(403);
    expect(await footprint(victim.id)).toEqual(before);
    expect(await count('saml_links', { user_id: attacker.id })).toBe(0);
    // The victim's own organization stays out of reach.
    expect((await stack.call('GET', `/v1/orgs/${victimOrgId}`, { token: victim.token })).status).toBe(200);
  });

  test('When a user confirms a link code with their own token, Then that provider signs them in (member with its role), they can list and remove the link, and the code works once', async () => {
    const idp = await TestIdentityProvider.start();
    const admin = await stack.newUser('companyadmin');
    const companyOrg = (await stack.newOrg(admin.token, 'Company')).id;
    const company = await provider(admin.token, companyOrg, idp, 'edit');
    const user = await stack.newUser('employee');

    const refused = await signIn(company, idp, user.email);
    expect(refused.res.status).toBe(409);
    const code = refused.res.body.error.linkCode;

    expect((await stack.call('POST', '/v1/user/saml-links', { token: user.token, body: { code: 'not-a-code' } })).status).toBe(400);
    const linked = await stack.call('POST', '/v1/user/saml-links', { token: user.token, body: { code } });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ object: 'saml-link', samlProvider: { id: company.id, label: 'Own IdP' }, organization: companyOrg, subject: user.email });
    const again = await stack.call('POST', '/v1/user/saml-links', { token: user.token, body: { code } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/unknown, used or expired/);

    const { res } = await signIn(company, idp, user.email);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect((await stack.call('GET', '/v1/user', { token: res.body.token })).body.id).toBe(user.id);
    expect(await db('members').where({ organization_id: companyOrg, user_id: user.id }).first()).toMatchObject({ role: 'edit', sso: true });

    const list = await stack.call('GET', '/v1/user/saml-links', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((l: { samlProvider: { id: string } }) => l.samlProvider.id)).toEqual([company.id]);
    // Another user neither sees nor removes it.
    expect((await stack.call('GET', '/v1/user/saml-links', { token: attacker.token })).body.items).toEqual([]);
    expect((await stack.call('DELETE', `/v1/user/saml-links/${company.id}`, { token: attacker.token })).status).toBe(204);
    expect(await count('saml_links', { user_id: user.id })).toBe(1);

    expect((await stack.call('DELETE', `/v1/user/saml-links/${company.id}`, { token: user.token })).status).toBe(205);
    const unlinked = await signIn(company, idp, user.email);
    expect(unlinked.res.status).toBe(409);
  });

  test('When a provider signs in an unknown email, Then it creates the user and links them; another organization’s provider asserting that email is refused', async () => {
    const idp = await TestIdentityProvider.start();
    const admin = await stack.newUser('ownadmin');
    const orgId = (await stack.newOrg(admin.token, 'Own')).id;
    const own = await provider(admin.token, orgId, idp, 'read');
    const email = `newcomer.${Date.now()}@example.com`;

    const first = await signIn(own, idp, email);
    expect(first.res.status).toBe(200);
    const userId = first.res.body.user.id;
    expect(await db('saml_links').where({ provider_id: own.id, user_id: userId }).first()).toMatchObject({ name_id: email });
    const returning = await signIn(own, idp, email);
    expect(returning.res.status).toBe(200);
    expect(returning.res.body.user.id).toBe(userId);

    const evil = await provider(attacker.token, attackerOrgId, attackerIdp);
    const before = await footprint(userId);
    const stolen = await signIn(evil, attackerIdp, email);
    expect(stolen.res.status).toBe(409);
    expect(await footprint(userId)).toEqual(before);
  });
});
