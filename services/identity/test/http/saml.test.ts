import { hashApiToken } from '@dp/auth';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { newKeyPair, TestIdentityProvider, type KeyPair, type ResponseOptions } from '../../../../test/support/saml-idp';
import { identityService } from '../../src';
import { IDENTITY_ENV, identityFixtures, type TestUser } from './fixtures';

/**
 * SAML providers (ORG/saml, ORG/sso) and single sign-on on identity's own app (component level, docs/testing.md),
 * against an identity provider running inside the test (test/support/saml-idp.ts): a browser starts at the
 * provider's startURL, the IdP answers the AuthnRequest it was redirected with, and the answer is posted to the
 * acsURL without any token; the sign-in URLs get the gateway's own service assertion, as the gateway forwards
 * them (gateway/src/sso-forwarding.ts). Every refusal must leave nothing behind.
 */
// http is fine on a host the deployment allows: the test IdP is on 127.0.0.1.
const api = componentOf('saml', identityService, { ...IDENTITY_ENV, SAML_ALLOWED_HTTP_HOSTS: '127.0.0.1' });
const fixtures = identityFixtures(api);
const db = api.db;
/** What the gateway forwards the public sign-in URLs as. */
const gateway: ComponentCaller = { service: 'gateway' };
let idp: TestIdentityProvider;
let otherKey: KeyPair;
let admin: TestUser;
let orgId: string;

beforeAll(async () => {
  [idp, otherKey] = await Promise.all([TestIdentityProvider.start(), newKeyPair('attacker.example.test')]);
  admin = await fixtures.newUser('samladmin');
  orgId = (await fixtures.newOrg(admin.as, 'SSO Org')).id;
}, 60_000);

const call = (method: string, path: string, body?: unknown, as: ComponentCaller = admin.as) => api.call(method, path, { as, body });

async function newTeam(title: string, organizationId = orgId, as: ComponentCaller = admin.as): Promise<string> {
  const res = await api.call('PUT', `/v1/orgs/${organizationId}/teams`, { as, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The user a token signs in as: the principal the gateway gets for it. */
async function userOfToken(token: string): Promise<string> {
  const res = await api.call('POST', '/internal/principals', { as: gateway, body: { tokenHash: hashApiToken(token) } });
  expect(res.status).toBe(200);
  return res.body.userId;
}

/** An active provider of `orgId` configured with the test IdP. */
async function activeProvider(extra: Record<string, unknown> = {}): Promise<{ id: string; acsURL: string; startURL: string; entityID: string }> {
  const res = await call('POST', `/v1/orgs/${orgId}/saml`, { label: 'Test IdP', entityID: idp.entityId, ssoURL: idp.ssoUrl, certificate: idp.certificate, ...extra });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('active');
  return { id: res.body.id, ...res.body.service };
}

/** The path of one of our absolute URLs (under PUBLIC_URL; the test calls the app's own address). */
const pathOf = (url: string) => new URL(url).pathname;

/** A browser at the startURL: the 302 to the IdP, and the AuthnRequest and RelayState it carries. */
async function start(provider: { startURL: string }) {
  const res = await fetch(`${api.url}${pathOf(provider.startURL)}`, { redirect: 'manual', headers: api.headers(gateway) });
  expect(res.status).toBe(302);
  const location = res.headers.get('location')!;
  expect(location.startsWith(`${idp.ssoUrl}?`)).toBe(true);
  return idp.readAuthnRequest(location);
}

/** The IdP's page posting its answer to the acsURL (as JSON client unless `accept` says otherwise). */
function post(provider: { acsURL: string }, samlResponse: string, relayState?: string, accept = 'application/json') {
  return api.call('POST', pathOf(provider.acsURL), {
    as: gateway,
    rawBody: TestIdentityProvider.form(samlResponse, relayState),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
  });
}

/** A good answer to `request` for `email`, with `overrides`. */
function answer(provider: { acsURL: string; entityID: string }, request: { id: string }, email: string, overrides: Partial<ResponseOptions> = {}) {
  return idp.response({ inResponseTo: request.id, acsUrl: provider.acsURL, audience: provider.entityID, email, ...overrides });
}

let emails = 0;
const newEmail = (name: string) => `${name}.${Date.now()}.${++emails}@sso.example.com`;

/** What a refused sign-in must not have created: the user, and the request must still be open. */
async function expectNothingCreated(email: string, requestId?: string) {
  expect(await db('users').whereRaw('lower(email) = lower(?)', [email]).first()).toBeUndefined();
  if (requestId) expect((await db('saml_requests').where({ id: requestId }).first())?.consumed_at ?? null).toBeNull();
}

describe('SAML providers (ORG/saml)', () => {
  test('When an admin creates a provider with its label only, Then it is 201 pending, with working service URLs under the public URL, and the organization default role', async () => {
    const res = await call('POST', `/v1/orgs/${orgId}/saml`, { label: 'Okta' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toMatchObject({ object: 'saml-provider', label: 'Okta', status: 'pending', ssoURL: '', entityID: '', certificate: '', defaultRole: 'read' });
    const { service } = res.body;
    expect(pathOf(service.startURL)).toBe(`/sso/saml/${res.body.id}/start`);
    expect(pathOf(service.acsURL)).toBe(`/sso/saml/${res.body.id}/acs`);
    expect(pathOf(service.entityID)).toBe(`/sso/saml/${res.body.id}/metadata`);
    // The entity ID is our metadata, served without a token, naming the ACS URL.
    const metadata = await fetch(`${api.url}${pathOf(service.entityID)}`, { headers: api.headers(gateway) });
    expect(metadata.status).toBe(200);
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${service.entityID}"`);
    expect(xml).toContain(`Location="${service.acsURL}"`);
    // A pending provider cannot start a sign-in, and is not offered at ORG/sso.
    expect((await api.call('GET', pathOf(service.startURL), { as: gateway })).status).toBe(409);
    expect((await call('GET', `/v1/orgs/${orgId}/sso`)).body.items.map((i: { id: string }) => i.id)).not.toContain(res.body.id);
  });

  test('When an admin completes, lists, reads and deletes a provider, Then each answer has the official shape and GET ORG/sso lists active providers to any member', async () => {
    const team = await newTeam('Engineering');
    const created = await call('POST', `/v1/orgs/${orgId}/saml`, { label: 'Entra', defaultRole: null });
    expect(created.body.defaultRole).toBeNull();
    const patched = await call('PATCH', `/v1/orgs/${orgId}/saml/${created.body.id}`, {
      entityID: idp.entityId,
      ssoURL: idp.ssoUrl,
      certificate: idp.certificate,
      defaultTeam: team,
      defaultRole: 'edit',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ status: 'active', ssoURL: idp.ssoUrl, defaultRole: 'edit', defaultTeam: { object: 'team', id: team, title: 'Engineering' } });
    expectOfficialSchema('OrganizationSAMLProvider', patched.body);

    const one = await call('GET', `/v1/orgs/${orgId}/saml/${created.body.id}`);
    expect(one.body).toEqual(patched.body);
    const list = await call('GET', `/v1/orgs/${orgId}/saml?limit=1`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.next.page).toEqual(expect.any(String));

    const reader = await fixtures.newUser('reader');
    await fixtures.addMember(admin.as, orgId, reader.email, 'read');
    const sso = await call('GET', `/v1/orgs/${orgId}/sso`, undefined, reader.as);
    expect(sso.status).toBe(200);
    expect(sso.body.items).toContainEqual({ id: created.body.id, label: 'Entra', startURL: patched.body.service.startURL });
    // The providers themselves (their certificate is configuration) are for admins only.
    expect((await call('GET', `/v1/orgs/${orgId}/saml`, undefined, reader.as)).status).toBe(403);
    expect((await call('POST', `/v1/orgs/${orgId}/saml`, { label: 'x' }, reader.as)).status).toBe(403);
    const outsider = await fixtures.newUser('outsider');
    expect((await call('GET', `/v1/orgs/${orgId}/sso`, undefined, outsider.as)).status).toBe(404);

    expect((await call('DELETE', `/v1/orgs/${orgId}/saml/${created.body.id}`)).status).toBe(205);
    expect((await call('DELETE', `/v1/orgs/${orgId}/saml/${created.body.id}`)).status).toBe(204);
    expect((await call('GET', `/v1/orgs/${orgId}/saml/${created.body.id}`)).status).toBe(404);
    expect((await call('GET', `/v1/orgs/${orgId}/sso`, undefined, reader.as)).body.items.map((i: { id: string }) => i.id)).not.toContain(created.body.id);
  });

  test('When a provider gets a bad certificate, ssoURL, default team or role, Then it is a 400 naming the field and nothing changes', async () => {
    const provider = await activeProvider({ label: 'Valid' });
    const before = (await call('GET', `/v1/orgs/${orgId}/saml/${provider.id}`)).body;
    const count = async () => (await call('GET', `/v1/orgs/${orgId}/saml?limit=1000`)).body.count;
    const countBefore = await count();
    const otherAdmin = await fixtures.newUser('otheradmin');
    const otherOrg = await fixtures.newOrg(otherAdmin.as, 'Other Org');
    const foreignTeam = await newTeam('Theirs', otherOrg.id, otherAdmin.as);
    const [pemHead] = idp.certificate.split('\n');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ certificate: 'not a certificate' }, 'body.certificate'],
      [{ certificate: `${pemHead}\nAAAA\n-----END CERTIFICATE-----` }, 'body.certificate'],
      [{ certificate: `${idp.certificate}\n${otherKey.privateKey}` }, 'body.certificate'],
      [{ ssoURL: 'http://idp.example.test/sso' }, 'body.ssoURL'],
      [{ ssoURL: 'ftp://idp.example.test/sso' }, 'body.ssoURL'],
      [{ defaultTeam: foreignTeam }, 'body.defaultTeam'],
      [{ defaultTeam: 'no-such-team' }, 'body.defaultTeam'],
      [{ defaultRole: 'owner' }, 'body.defaultRole'],
      [{ label: '' }, 'body.label'],
    ];
    for (const [body, field] of cases) {
      const created = await call('POST', `/v1/orgs/${orgId}/saml`, { label: 'Bad', ...body });
      expect({ body, status: created.status, names: String(created.body.error?.message).includes(field) }).toEqual({ body, status: 400, names: true });
      const patched = await call('PATCH', `/v1/orgs/${orgId}/saml/${provider.id}`, body);
      expect({ body, status: patched.status, names: String(patched.body.error?.message).includes(field) }).toEqual({ body, status: 400, names: true });
    }
    expect((await call('GET', `/v1/orgs/${orgId}/saml/${provider.id}`)).body).toEqual(before);
    expect(await count()).toBe(countBefore);
    // http is fine on a host the deployment allows (SAML_ALLOWED_HTTP_HOSTS=127.0.0.1 here).
    const local = await call('PATCH', `/v1/orgs/${orgId}/saml/${provider.id}`, { ssoURL: 'http://127.0.0.1:9/sso' });
    expect(local.status).toBe(200);
    expect(local.body.ssoURL).toBe('http://127.0.0.1:9/sso');
  });
});

describe('SAML single sign-on', () => {
  test.each([['assertion'], ['response'], ['both']] as const)(
    'When the IdP signs the %s, Then a new user signs in (member with the default role, in the default team, with a working token), and signs in again as a returning user',
    async (sign) => {
      const team = await newTeam(`Signed ${sign}`);
      const provider = await activeProvider({ defaultRole: 'comment', defaultTeam: team });
      const email = newEmail(`new-${sign}`);

      const request = await start(provider);
      expect(request).toMatchObject({ acsUrl: provider.acsURL, issuer: provider.entityID, destination: idp.ssoUrl });
      expect(request.relayState).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const first = await post(provider, answer(provider, request, email, { sign, attributes: { displayName: 'Grace Hopper' } }), request.relayState);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      expect(first.body).toEqual({ user: expect.objectContaining({ object: 'user', email, displayName: 'Grace Hopper' }), token: expect.stringMatching(/^dp_/) });
      expectOfficialSchema('User', first.body.user);
      const userId = first.body.user.id;

      expect(await userOfToken(first.body.token)).toBe(userId);
      // A session-like token: labelled after the provider, expiring in 30 days.
      const issued = await db('api_tokens').where({ user_id: userId }).first();
      expect(issued.label).toBe('SAML sign-in (Test IdP)');
      expect(Math.abs(new Date(issued.expires_at).getTime() - Date.now() - 30 * 86_400_000)).toBeLessThan(60_000);
      const member = await call('GET', `/v1/orgs/${orgId}/members/${userId}`);
      expect(member.body).toMatchObject({ role: 'comment', sso: true, teams: 1 });
      expect(await db('team_members').where({ team_id: team, user_id: userId }).first()).toMatchObject({ role: 'member' });

      // Returning: the same user, a new token, still one membership.
      const again = await start(provider);
      const second = await post(provider, answer(provider, again, email.toUpperCase(), { sign }), again.relayState);
      expect(second.status).toBe(200);
      expect(second.body.user.id).toBe(userId);
      expect(second.body.token).not.toBe(first.body.token);
      expect(await userOfToken(second.body.token)).toBe(userId);
      expect(await db('members').where({ organization_id: orgId, user_id: userId }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '1' }]);
    },
  );

  test('When an existing member signs in, once they linked their account, Then they keep their role and are marked SSO; a guest provider adds guests; the email may come from an attribute', async () => {
    const provider = await activeProvider({ defaultRole: null });
    const existing = await fixtures.newUser('existing');
    await fixtures.addMember(admin.as, orgId, existing.email, 'review');
    // An account the provider did not create signs in only once its owner linked it (docs/adr/0056).
    const first = await start(provider);
    const refused = await post(provider, answer(provider, first, existing.email), first.relayState);
    expect(refused.status).toBe(409);
    expect((await api.call('POST', '/v1/user/saml-links', { as: existing.as, body: { code: refused.body.error.linkCode } })).status).toBe(201);
    const request = await start(provider);
    const res = await post(provider, answer(provider, request, existing.email), request.relayState);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(existing.id);
    expect((await call('GET', `/v1/orgs/${orgId}/members/${existing.id}`)).body).toMatchObject({ role: 'review', sso: true });

    const email = newEmail('guest');
    const next = await start(provider);
    const guest = await post(provider, answer(provider, next, email, { nameId: 'opaque-subject-42', attributes: { mail: email, givenName: 'Ada', sn: 'Lovelace' } }), next.relayState);
    expect(guest.status).toBe(200);
    expect(guest.body.user).toMatchObject({ email, displayName: 'Ada Lovelace' });
    expect((await call('GET', `/v1/orgs/${orgId}/members/${guest.body.user.id}`)).body).toMatchObject({ role: null, sso: true });
  });

  test('When a browser signs in, Then it gets a page showing the token once, escaped and never cached', async () => {
    const provider = await activeProvider();
    const request = await start(provider);
    const email = newEmail('browser');
    const res = await fetch(`${api.url}${pathOf(provider.acsURL)}`, {
      method: 'POST',
      headers: { ...api.headers(gateway), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      body: TestIdentityProvider.form(answer(provider, request, email, { attributes: { displayName: '<script>alert(1)</script>' } }), request.relayState),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toMatch(/dp_[A-Za-z0-9_-]{43}/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    // A refused one is a page too, saying why.
    const refused = await fetch(`${api.url}${pathOf(provider.acsURL)}`, {
      method: 'POST',
      headers: { ...api.headers(gateway), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: TestIdentityProvider.form(answer(provider, request, email), request.relayState),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Sign-in refused');
  });

  test.each<[string, (p: { acsURL: string; entityID: string }) => Partial<ResponseOptions>, RegExp]>([
    ['signed with another key', () => ({ signingKey: otherKey }), /signature/i],
    ['signed with another key on the Response', () => ({ signingKey: otherKey, sign: 'response' }), /signature/i],
    ['not signed at all', () => ({ sign: 'none' }), /signature/i],
    ['expired', () => ({ ageMs: -60 * 60_000 }), /expired|subject confirmation/i],
    ['for another audience', () => ({ audience: 'https://other-sp.example.com/metadata' }), /audience/i],
    ['sent to another Destination', (p) => ({ sign: 'both', destination: 'https://other-sp.example.com/acs', recipient: p.acsURL }), /Destination/],
    ['for another Recipient', () => ({ recipient: 'https://other-sp.example.com/acs', destination: null }), /Recipient/],
    ['without Destination or Recipient', () => ({ destination: null, recipient: null }), /no Destination or Recipient/],
    ['from another issuer', () => ({ issuer: 'https://other-idp.example.com' }), /issued by/],
    ['answering a request never issued', () => ({ inResponseTo: '_never-issued' }), /InResponseTo/],
  ])('When the response is %s, Then it is a 400 saying why and creates nothing', async (_label, spoil, reason) => {
    const provider = await activeProvider();
    const request = await start(provider);
    const email = newEmail('refused');
    const res = await post(provider, answer(provider, request, email, spoil(provider)), request.relayState);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(reason);
    await expectNothingCreated(email, request.id);
  });

  test('When a response is replayed, or two copies race, Then only one signs in', async () => {
    const provider = await activeProvider();
    const request = await start(provider);
    const email = newEmail('replay');
    const samlResponse = answer(provider, request, email);
    const first = await post(provider, samlResponse, request.relayState);
    expect(first.status).toBe(200);
    const replay = await post(provider, samlResponse, request.relayState);
    expect(replay.status).toBe(400);
    expect(replay.body.error.message).toMatch(/already completed|InResponseTo/);

    const raced = await start(provider);
    const copy = answer(provider, raced, newEmail('race'));
    const results = await Promise.all([post(provider, copy, raced.relayState), post(provider, copy, raced.relayState)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await db('api_tokens').where({ user_id: results.find((r) => r.status === 200)!.body.user.id }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '1' }]);
  });

  test('When the RelayState is not the one the sign-in started with, Then it is refused', async () => {
    const provider = await activeProvider();
    const request = await start(provider);
    const email = newEmail('relay');
    const res = await post(provider, answer(provider, request, email), 'another-relay-state');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/RelayState/);
    await expectNothingCreated(email, request.id);
  });

  test('When the provider is deleted between start and ACS, Then the answer is a 404 and creates nothing', async () => {
    const provider = await activeProvider();
    const request = await start(provider);
    expect((await call('DELETE', `/v1/orgs/${orgId}/saml/${provider.id}`)).status).toBe(205);
    const email = newEmail('deleted');
    const res = await post(provider, answer(provider, request, email), request.relayState);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/SAML provider not found/);
    await expectNothingCreated(email);
    expect(await db('saml_requests').where({ id: request.id }).first()).toBeUndefined();
  });

  test('When a request for one provider is answered at another provider, Then it is refused', async () => {
    const a = await activeProvider();
    const b = await activeProvider();
    const request = await start(a);
    const email = newEmail('crossed');
    const res = await post(b, answer(b, request, email), request.relayState);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/InResponseTo/);
    await expectNothingCreated(email, request.id);
  });

  test('When the ACS gets no SAMLResponse, a malformed one or a JSON body, Then it is a 4xx, never a 5xx', async () => {
    const provider = await activeProvider();
    const path = pathOf(provider.acsURL);
    const form = (body: string) => api.call('POST', path, { as: gateway, rawBody: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect((await form('RelayState=x')).status).toBe(400);
    expect((await form('SAMLResponse=')).status).toBe(400);
    expect((await form(`SAMLResponse=${encodeURIComponent(Buffer.from('<not xml').toString('base64'))}`)).status).toBe(400);
    expect((await form(`SAMLResponse=${encodeURIComponent(Buffer.from('<a/>').toString('base64'))}`)).status).toBe(400);
    expect((await form('SAMLResponse=a&SAMLResponse=b')).status).toBe(400);
    expect((await api.call('POST', path, { as: gateway, body: { SAMLResponse: 'PGEvPg==' } })).status).toBe(400);
    expect((await form(`SAMLResponse=${'A'.repeat(600 * 1024)}`)).status).toBe(413);
    expect((await api.call('GET', '/sso/saml/unknown-provider/start', { as: gateway })).status).toBe(404);
  });
});
