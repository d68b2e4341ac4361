import { ASSERTION_HEADER, hashApiToken, signAssertion, signServiceAssertion, signUserAssertion } from '@dp/auth';
import { API_DOCUMENT_PATH } from '@dp/http';
import { apiClient, declaredResponseErrors, expectOfficialSchema, listRoutes } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from '../support/stack';
import { installStatusIntegration } from '../support/status-integration';

/**
 * The internal routes (`/internal/...`, called by one service on another, never through the gateway) declare
 * the JSON they answer like our public operations (docs/adr/0054), from @dp/contracts, which the calling
 * service's client is typed by. Each is called on its service's api as its caller calls it, and the answer is
 * checked strictly against the schema its route declares; an internal route that answers JSON without being
 * listed here (or without declaring a schema) fails the first test.
 */
let stack: TestStack;
let owner: TestUser;
let orgId: string;
let spaceId: string;
let revision: string;
let guide: string;
let setup: string;
let teamId: string;
let installationId: string;
let siteId: string;
const hostname = `ic${Date.now().toString(36)}`;
const integrationName = `ic-status-${Date.now().toString(36)}`;

/** Internal routes that answer no JSON body (`METHOD path`): a 204/205, file bytes, the API document. */
const NO_JSON_BODY = new Set([
  `GET ${API_DOCUMENT_PATH}`,
  'POST /internal/spaces/:spaceId/withdraw',
  'GET /internal/spaces/:spaceId/revisions/:revisionId/published-files/:fileId',
]);

interface InternalCall {
  context: string;
  method: 'GET' | 'POST';
  /** The route's path, as express has it. */
  route: string;
  url(): string;
  headers(): Record<string, string>;
  body?(): unknown;
  /** What the answer must hold beyond its schema (that the call found something real). */
  expect(body: unknown): void;
}

const asOwner = () => ({ [ASSERTION_HEADER]: signAssertion({ userId: owner.id, staff: false, memberships: { [orgId]: 'admin' } }, stack.secret) });
const asService = (service: string) => () => ({ [ASSERTION_HEADER]: signServiceAssertion(service, stack.secret) });
const revisionPath = () => `/internal/spaces/${spaceId}/revisions/${revision}`;

const CALLS: InternalCall[] = [
  {
    context: 'identity',
    method: 'POST',
    route: '/internal/principals',
    url: () => '/internal/principals',
    headers: asService('gateway'),
    body: () => ({ tokenHash: hashApiToken(owner.token) }),
    expect: (body) => expect(body).toMatchObject({ userId: owner.id, staff: false, memberships: { [orgId]: 'admin' }, teams: [teamId] }),
  },
  {
    context: 'identity',
    method: 'GET',
    route: '/internal/caller/memberships',
    url: () => '/internal/caller/memberships',
    // No roles in the assertion: identity reads them, as for a user in too many organizations to carry them.
    headers: () => ({ [ASSERTION_HEADER]: signUserAssertion(owner.id, stack.secret) }),
    expect: (body) => expect(body).toEqual({ memberships: { [orgId]: 'admin' }, teams: [teamId] }),
  },
  {
    context: 'identity',
    method: 'POST',
    route: '/internal/orgs/:organizationId/members/batch',
    url: () => `/internal/orgs/${orgId}/members/batch`,
    headers: asService('content'),
    body: () => ({ userIds: [owner.id] }),
    expect: (body) => {
      expect(body).toMatchObject({ items: [{ object: 'member', id: owner.id }] });
      // The fields the contract leaves open are GitBook's OrganizationMember.
      if (typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items)) for (const item of body.items) expectOfficialSchema('OrganizationMember', item);
    },
  },
  {
    context: 'identity',
    method: 'POST',
    route: '/internal/orgs/:organizationId/teams/batch',
    url: () => `/internal/orgs/${orgId}/teams/batch`,
    headers: asService('content'),
    body: () => ({ teamIds: [teamId, 'not-a-team'], viewer: owner.id }),
    expect: (body) => {
      expect(body).toMatchObject({ items: [{ object: 'team', id: teamId, title: 'Writers', members: 1, permissions: { admin: true } }] });
      if (typeof body === 'object' && body !== null && 'items' in body && Array.isArray(body.items)) for (const item of body.items) expectOfficialSchema('OrganizationTeam', item);
    },
  },
  {
    context: 'identity',
    method: 'GET',
    route: '/internal/orgs/:organizationId/members/:userId/teams',
    url: () => `/internal/orgs/${orgId}/members/${owner.id}/teams`,
    headers: asService('content'),
    expect: (body) => expect(body).toEqual({ teams: [teamId] }),
  },
  {
    context: 'identity',
    method: 'POST',
    route: '/internal/orgs/:organizationId/guests',
    url: () => `/internal/orgs/${orgId}/guests`,
    headers: asService('content'),
    // The owner is a member already: nobody is added; an id that is no user is answered back.
    body: () => ({ userIds: [owner.id] }),
    expect: (body) => expect(body).toEqual({ added: [], unknown: [] }),
  },
  {
    context: 'identity',
    method: 'POST',
    route: '/internal/orgs/:organizationId/access',
    url: () => `/internal/orgs/${orgId}/access`,
    headers: asService('sites'),
    body: () => ({ users: {}, teams: { [teamId]: 'read' } }),
    expect: (body) => expect(body).toMatchObject({ items: [{ permission: 'admin', user: { id: owner.id }, origin: { type: 'organization' } }], count: 1 }),
  },
  {
    context: 'identity',
    method: 'GET',
    route: '/internal/orgs/by-hostname/:hostname',
    url: () => `/internal/orgs/by-hostname/${hostname}`,
    headers: asOwner,
    expect: (body) => {
      expect(body).toMatchObject({ object: 'organization', id: orgId, hostname });
      expectOfficialSchema('Organization', body);
    },
  },
  {
    context: 'sites',
    method: 'GET',
    route: '/internal/spaces/:spaceId/published-url',
    url: () => `/internal/spaces/${spaceId}/published-url`,
    headers: asOwner,
    expect: (body) => expect(body).toEqual({}), // published in no site
  },
  {
    context: 'content',
    method: 'GET',
    route: '/internal/spaces/:spaceId/revisions/:revisionId/published-tree',
    url: () => `${revisionPath()}/published-tree`,
    headers: asService('sites'),
    expect: (body) => expect(body).toMatchObject({ revision, pages: [{ id: guide, path: 'guide' }, { id: setup, path: 'install' }], files: [] }),
  },
  {
    context: 'content',
    method: 'GET',
    route: '/internal/spaces/:spaceId/revisions/:revisionId/published-pages/:pageId',
    url: () => `${revisionPath()}/published-pages/${guide}`,
    headers: asService('sites'),
    expect: (body) => expect(body).toMatchObject({ id: guide, links: { [`/pages/${setup}`]: { kind: 'page', page: setup } } }),
  },
  {
    context: 'content',
    method: 'GET',
    route: '/internal/spaces/:spaceId/revisions/:revisionId/former-paths',
    url: () => `${revisionPath()}/former-paths?path=setup`,
    headers: asService('sites'),
    expect: (body) => expect(body).toEqual({ pageId: setup }),
  },
  {
    context: 'content',
    method: 'GET',
    route: '/internal/spaces/:spaceId/pages/:pageId/alternates',
    url: () => `/internal/spaces/${spaceId}/pages/${guide}/alternates`,
    headers: asService('sites'),
    expect: (body) => expect(body).toEqual({ items: [] }), // translated into no other language
  },
  {
    context: 'content',
    method: 'POST',
    route: '/internal/search',
    url: () => '/internal/search',
    headers: asService('sites'),
    body: () => ({ query: 'install', spaceIds: [spaceId] }),
    expect: (body) => expect(body).toMatchObject({ count: 1, items: [{ type: 'space', id: spaceId, pages: [{ id: setup, path: 'install', sections: [{ body: expect.stringContaining('Install') }] }] }] }),
  },
  {
    context: 'content',
    method: 'POST',
    route: '/internal/git-installations',
    url: () => '/internal/git-installations',
    // Sites asks on behalf of the caller, whose assertion it forwards.
    headers: () => ({ [ASSERTION_HEADER]: signUserAssertion(owner.id, stack.secret) }),
    body: () => ({ spaces: [spaceId] }),
    expect: (body) => expect(body).toMatchObject({ items: [{ object: 'git-sync-installation', id: installationId, target: { type: 'space', spaceId } }] }),
  },
  {
    context: 'sites',
    method: 'GET',
    route: '/internal/sites/:siteId/access',
    url: () => `/internal/sites/${siteId}/access?level=admin`,
    // Content asks before it installs Git Sync on a site, with the caller's assertion (docs/adr/0115).
    headers: asOwner,
    expect: (body) => expect(body).toEqual({ organizationId: orgId, title: 'Docs site' }),
  },
  {
    context: 'openapi',
    method: 'GET',
    route: '/internal/orgs/:organizationId/openapi/:specSlug/operation',
    url: () => `/internal/orgs/${orgId}/openapi/pets/operation?method=get&path=${encodeURIComponent('/pets')}`,
    headers: asService('sites'),
    expect: (body) => expect(body).toMatchObject({ method: 'GET', path: '/pets', summary: 'List pets', responses: [{ status: '200', description: 'The pets' }] }),
  },
  {
    context: 'openapi',
    method: 'GET',
    route: '/internal/orgs/:organizationId/openapi/:specSlug/schemas',
    url: () => `/internal/orgs/${orgId}/openapi/pets/schemas?names=Pet`,
    headers: asService('sites'),
    expect: (body) => expect(body).toMatchObject({ schemas: [{ name: 'Pet', type: 'object', fields: [{ depth: 0, name: 'name', type: 'string', required: false }] }] }),
  },
  {
    context: 'openapi',
    method: 'GET',
    route: '/internal/orgs/:organizationId/openapi/:specSlug/webhook',
    url: () => `/internal/orgs/${orgId}/openapi/pets/webhook?method=post&name=newPet`,
    headers: asService('sites'),
    expect: (body) => expect(body).toMatchObject({ method: 'POST', path: 'newPet', summary: 'A pet was added', responses: [{ status: '200', description: 'Received' }] }),
  },
  {
    context: 'integrations',
    method: 'POST',
    route: '/internal/integrations/:integrationName/blocks/render',
    url: () => `/internal/integrations/${integrationName}/blocks/render`,
    headers: asService('sites'),
    body: () => ({ organizationId: orgId, spaceId, blockId: 'status', props: { service: 'api' } }),
    expect: (body) => expect(body).toMatchObject({ element: { type: 'block', children: [{ type: 'text', children: 'Status of api: operational' }, { type: 'button' }] }, maxAgeSeconds: 60 }),
  },
];

/** A text spec with one version, stored as the openapi worker stores what it processed (this stack runs no worker). */
const PETS = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List pets', responses: { '200': { description: 'The pets' } } } } },
  webhooks: { newPet: { post: { summary: 'A pet was added', responses: { '200': { description: 'Received' } } } } },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
};

beforeAll(async () => {
  stack = await bootStack('icontracts', { withWorkers: false });
  owner = await stack.newUser('ic-owner');
  orgId = (await stack.newOrg(owner.token)).id;
  const call = (method: string, path: string, body?: unknown) => stack.call(method, path, { token: owner.token, body });
  expect((await call('PATCH', `/v1/orgs/${orgId}`, { hostname })).status).toBe(200);
  teamId = (await call('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Writers', members: [owner.id] })).body.id;
  spaceId = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Docs' })).body.id;
  const cr = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Pages' })).body;
  const authored = await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    changes: [
      { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: 'Read [setup](./setup.md).' } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: 'Install it.' } },
    ],
  });
  expect(authored.status).toBe(200);
  [guide, setup] = authored.body.changes.map((c: { page: { id: string } }) => c.page.id);
  expect((await call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
  // Setup moves to `install`: its former path is recorded.
  const move = (await call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Move' })).body;
  expect((await call('POST', `/v1/spaces/${spaceId}/change-requests/${move.id}/content?compat=false`, { changes: [{ operation: 'update_page', page: setup, slug: 'install' }] })).status).toBe(200);
  const merged = await call('POST', `/v1/spaces/${spaceId}/change-requests/${move.id}/merge`);
  expect(merged.status).toBe(200);
  revision = merged.body.revision;
  installationId = (await call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId } })).body.id;
  siteId = (await call('POST', `/v1/orgs/${orgId}/sites`, { title: 'Docs site' })).body.id;
  // The page as the content worker (not run here) indexes it for search.
  const content = stack.schemaDb('content');
  await content.raw(`insert into search_pages (space_id, page_id, title, path, tsv) values (?, ?, 'Setup', 'install', to_tsvector('english', 'Setup Install it.'))`, [spaceId, setup]);
  await content('search_sections').insert({ space_id: spaceId, page_id: setup, position: 0, section_id: '', title: 'Setup', body: 'Install it.' });
  const spec = await call('POST', `/v1/orgs/${orgId}/openapi`, { slug: 'pets', source: { text: JSON.stringify(PETS) } });
  expect(spec.status).toBe(201);
  const db = stack.schemaDb('openapi');
  await db('spec_versions').insert({ id: 'pets-v1', spec_id: spec.body.id, content_hash: 'a'.repeat(64), filesystem: db.raw('?::jsonb', [JSON.stringify({ openapi: PETS })]), source_url: null });
  await db('specs').where({ id: spec.body.id }).update({ last_version_id: 'pets-v1' });
  await installStatusIntegration(stack, owner.token, orgId, spaceId, integrationName);
}, 120_000);
afterAll(() => stack?.stop());

test('Every internal route that answers JSON declares its response schema and is called below', () => {
  const called = new Set(CALLS.map((c) => `${c.context} ${c.method} ${c.route}`));
  const missing: string[] = [];
  for (const [context, api] of Object.entries(stack.apis)) {
    for (const route of listRoutes(api.app)) {
      if (!route.path.startsWith('/internal/') || NO_JSON_BODY.has(`${route.method} ${route.path}`)) continue;
      if (!route.schemas.responses?.[200]) missing.push(`${context} ${route.method} ${route.path}: declares no 200 body (route({ responses }))`);
      else if (!called.has(`${context} ${route.method} ${route.path}`)) missing.push(`${context} ${route.method} ${route.path}: not called by this test`);
    }
  }
  expect(missing).toEqual([]);
});

test.each(CALLS.map((c) => [`${c.context} ${c.method} ${c.route}`, c] as const))('When %s is called as its caller calls it, Then it answers what its route declares', async (_label, c) => {
  const declared = listRoutes(stack.apis[c.context].app).find((r) => r.method === c.method && r.path === c.route)?.schemas.responses?.[200];
  expect(declared).toBeDefined();
  const res = await apiClient(stack.apis[c.context].url)(c.method, c.url(), { headers: c.headers(), body: c.body?.() });
  expect(res.status).toBe(200);
  expect(declaredResponseErrors(declared!, res.body)).toEqual([]);
  c.expect(res.body);
});
