import { randomBytes } from 'node:crypto';
import { createEvent, IdentityEvents, IntegrationsEvents, isCatalogEvent, type CatalogEvent } from '@dp/events';
import { createLogger } from '@dp/log';
import { componentOf, expectOfficialSchema } from '@dp/testing';
import { integrationsService } from '../../src';
import { addMember, newUser, organizations, type User } from '../support/organizations';
import { sealLegacySecrets } from '../../src/commands/seal-secrets';
import { open, openSecrets, parseSecretsKey } from '@dp/auth';

/**
 * Publishing, reading, listing and unpublishing integrations on the integrations app (component level,
 * docs/testing.md). Organizations are made known as integrations learns them in production (identity's
 * organization.created fed to its handler); roles come in the caller's assertion; events are read from the outbox.
 */
const api = componentOf('intp', integrationsService, { INTEGRATIONS_SECRETS_KEY: randomBytes(32).toString('base64') });
const db = api.db;

const newOrg = organizations(api);

let owner: User;
let orgId: string;
let n = 0;

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const uniqueName = (prefix = 'intg') => `${prefix}-${Date.now().toString(36)}-${++n}`;
const manifest = <T extends object>(organization: string, extra: T = {} as T) => ({
  organization,
  title: 'Acme Analytics',
  description: 'Counts page views',
  script: 'export default () => new Response("ok")',
  scopes: ['site:views:read'],
  ...extra,
});
const publish = (as: User, name: string, body: object) => api.call('POST', `/v1/integrations/${name}`, { as, body });
const get = (as: User, name: string) => api.call('GET', `/v1/integrations/${name}`, { as });
const list = (as: User, query = '') => api.call('GET', `/v1/integrations${query}`, { as });
const names = (res: { body: { items: Array<{ name: string }> } }) => res.body.items.map((i) => i.name);
type Announcement = typeof IntegrationsEvents.INTEGRATION_PUBLISHED | typeof IntegrationsEvents.INTEGRATION_DELETED;
/** The data of the events of `type` about the integration `name`, oldest first (each checked against the catalog). */
const announced = async <T extends Announcement>(type: T, name: string) =>
  (await api.outbox(type))
    .filter((e): e is CatalogEvent<T> => isCatalogEvent(e, type))
    .map((e) => e.data)
    .filter((d) => d.name === name);

beforeAll(async () => {
  owner = newUser();
  orgId = (await newOrg(owner, 'Acme Integrations')).id;
});

describe('publishing an integration', () => {
  test('When the owner republishes, Then the version goes up, the manifest is replaced, secrets are kept but never shown, and each publish is announced', async () => {
    const name = uniqueName();
    const first = await publish(owner, name, manifest(orgId, { summary: 'first', secrets: { TOKEN: 'abc' }, visibility: 'public' }));
    expect(first.body.version).toBe(1);
    const second = await publish(owner, name, manifest(orgId, { title: 'Acme Analytics 2', visibility: 'public' }));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ name, version: 2, title: 'Acme Analytics 2' });
    expect(second.body.summary).toBeUndefined();
    expectOfficialSchema('Integration', second.body);

    // Sealed at rest under INTEGRATIONS_SECRETS_KEY (docs/adr/0043): nothing of them in plain text.
    const key = parseSecretsKey(api.config.INTEGRATIONS_SECRETS_KEY, 'INTEGRATIONS_SECRETS_KEY');
    const row = await db('integrations').where({ name }).first();
    expect(row.secrets).toEqual({});
    expect(row.secrets_sealed).not.toContain('abc');
    expect(openSecrets(key, row.secrets_sealed)).toEqual({ TOKEN: 'abc' });
    expect(row.signing_secret_sealed).toMatch(/^v1\./);
    expect(row.script).toBe('export default () => new Response("ok")');
    const third = await publish(owner, name, manifest(orgId, { secrets: { OTHER: 'x' } }));
    expect(third.body.version).toBe(3);
    const after = await db('integrations').where({ name }).first();
    expect(openSecrets(key, after.secrets_sealed)).toEqual({ OTHER: 'x' });
    // The signing secret is the integration's for good: republishing keeps it.
    expect(open(key, after.signing_secret_sealed)).toBe(open(key, row.signing_secret_sealed));

    expect(await announced(IntegrationsEvents.INTEGRATION_PUBLISHED, name)).toEqual([
      expect.objectContaining({ name, version: 1, organizationId: orgId }),
      expect.objectContaining({ name, version: 2, organizationId: orgId }),
      expect.objectContaining({ name, version: 3, organizationId: orgId }),
    ]);
  });

  test('When an integration still has plaintext secrets and no signing secret (published before sealing), Then the api’s start seals them, once', async () => {
    const name = uniqueName();
    expect((await publish(owner, name, manifest(orgId))).status).toBe(200);
    await db('integrations').where({ name }).update({ secrets: JSON.stringify({ LEGACY: 'plain' }), secrets_sealed: null, signing_secret_sealed: null });
    const deps = { db, config: api.config, log: createLogger('seal-test', 'silent') };
    await sealLegacySecrets(deps);
    const key = parseSecretsKey(api.config.INTEGRATIONS_SECRETS_KEY, 'INTEGRATIONS_SECRETS_KEY');
    const sealed = await db('integrations').where({ name }).first();
    expect(sealed.secrets).toEqual({});
    expect(openSecrets(key, sealed.secrets_sealed)).toEqual({ LEGACY: 'plain' });
    expect(open(key, sealed.signing_secret_sealed)).toMatch(/^[0-9a-f]{64}$/);
    // Again: nothing left to seal, nothing changes.
    await sealLegacySecrets(deps);
    expect(await db('integrations').where({ name }).first()).toMatchObject({ secrets_sealed: sealed.secrets_sealed, signing_secret_sealed: sealed.signing_secret_sealed });
  });

  test('When a full manifest is published, Then every field of the interface comes back in its official shape, and the icon and previews are served as images', async () => {
    const name = uniqueName();
    const body = manifest(orgId, {
      runtime: 'v1',
      icon: PNG_1X1,
      previewImages: [PNG_1X1, PNG_1X1],
      visibility: 'unlisted',
      target: 'space',
      scopes: ['space:content:read', 'site:script:inject'],
      categories: ['content', 'other'],
      blocks: [{ id: 'embed', title: 'Embed', description: 'An embed', icon: 'https://example.com/i.png', urlUnfurl: ['https://www.figma.com/file/*'], markdown: { codeblock: 'figma', body: 'url' } }],
      contentSources: [{ id: 'src', title: 'Source', configuration: { componentId: 'configure' } }],
      externalLinks: [{ url: 'https://example.com/docs', label: 'Docs' }],
      configurations: {
        account: { properties: { key: { type: 'string', title: 'API key', description: 'The key', enum: ['a', 'b'] }, n: { type: 'number', default: 3 } }, required: ['key'] },
        space: { componentId: 'space-config' },
        site: { properties: { go: { type: 'button', title: 'Go now', callback_url: '/cb', button_text: 'Go' } } },
      },
      contentSecurityPolicy: { 'script-src': "'self'" },
    });
    const res = await publish(owner, name, body);
    expect(res.status).toBe(200);
    expectOfficialSchema('Integration', res.body);
    expect(res.body).toMatchObject({
      visibility: 'unlisted',
      target: 'space',
      blocks: body.blocks,
      contentSources: body.contentSources,
      externalLinks: body.externalLinks,
      configurations: body.configurations,
      contentSecurityPolicy: { 'script-src': "'self'" },
    });
    expect(res.body.urls.icon).toMatch(/\/assets\/icon$/);
    expect(res.body.previewImages).toHaveLength(2);

    const icon = await fetch(`${api.url}/v1/integrations/${name}/assets/icon`, { headers: api.headers(owner) });
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).toString('base64')).toBe(PNG_1X1);
    const preview = await api.call('GET', `/v1/integrations/${name}/assets/preview-images/1`, { as: owner });
    expect(preview.status).toBe(200);
    expect((await api.call('GET', `/v1/integrations/${name}/assets/preview-images/2`, { as: owner })).status).toBe(404);
    expect((await api.call('GET', `/v1/integrations/${name}/assets/preview-images/7`, { as: owner })).status).toBe(400);

    // A string policy is accepted too.
    const again = await publish(owner, name, manifest(orgId, { contentSecurityPolicy: "default-src 'self'" }));
    expect(again.body.contentSecurityPolicy).toBe("default-src 'self'");
    expect(again.body.urls.icon).toBeUndefined();
  });

  test.each([
    ['a wrong type', { title: 42 }],
    ['scopes that are not an array', { scopes: 'site:views:read' }],
    ['an unknown scope', { scopes: ['site:everything'] }],
    ['an unknown visibility', { visibility: 'secret' }],
    ['an unknown target', { target: 'planet' }],
    ['an unknown category', { categories: ['games'] }],
    ['an unknown runtime', { runtime: 'v9' }],
    ['an icon that is not base64', { icon: 'not base64!' }],
    ['four preview images', { previewImages: [PNG_1X1, PNG_1X1, PNG_1X1, PNG_1X1] }],
    ['a title over 30 characters', { title: 'x'.repeat(31) }],
    ['six external links', { externalLinks: Array.from({ length: 6 }, () => ({ url: 'https://example.com', label: 'x' })) }],
    ['an external link that is not a URL', { externalLinks: [{ url: 'nope', label: 'x' }] }],
    ['a block without a title', { blocks: [{ id: 'b' }] }],
    ['a configuration property of an unknown type', { configurations: { account: { properties: { x: { type: 'date' } } } } }],
    ['a secret that is not a string', { secrets: { A: 1 } }],
    ['an unknown field', { colour: 'red' }],
  ])('When the body has %s, Then it is a 400 and nothing is published', async (_label, extra) => {
    const name = uniqueName();
    const res = await publish(owner, name, manifest(orgId, extra));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 400, message: expect.any(String) } });
    expect((await get(owner, name)).status).toBe(404);
  });

  test.each(['script', 'title', 'description', 'scopes', 'organization'])('When the body lacks %s, Then it is a 400', async (field) => {
    const body: Record<string, unknown> = manifest(orgId);
    delete body[field];
    const res = await publish(owner, uniqueName(), body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  test("When identity announces the owner's new title and merge rules, Then the integration's owner shows them; an older announcement changes nothing", async () => {
    const admin = newUser();
    const org = await newOrg(admin, 'Ruled Org');
    const name = uniqueName();
    expect((await publish(admin, name, manifest(org.id))).status).toBe(200);
    expect((await get(admin, name)).body.owner.mergeRules).toEqual({ type: 'none' });
    const rules = { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_review' as const }] };
    const announce = (title: string, mergeRules: typeof rules | { type: 'none' }, time: Date) =>
      api.handle({ ...createEvent(IdentityEvents.ORGANIZATION_UPDATED, { organizationId: org.id, title, mergeRules, changed: ['title', 'mergeRules'] }, { source: 'identity', subject: org.id }), time: time.toISOString() });
    await announce('Ruled Org 2', rules, new Date());
    await announce('Ruled Org 1', { type: 'none' }, new Date(Date.now() - 60_000));
    const owner = (await get(admin, name)).body.owner;
    expect(owner).toMatchObject({ title: 'Ruled Org 2', mergeRules: rules });
    expectOfficialSchema('Organization', owner);
  });

  test('When the body is malformed JSON, Then it is a 400', async () => {
    const res = await api.call('POST', `/v1/integrations/${uniqueName()}`, { as: owner, rawBody: '{"title":' });
    expect(res.status).toBe(400);
  });

  test.each(['bad$name', 'with%20space', 'caf%C3%A9', 'x'.repeat(101)])('When the name %s breaks ^[a-zA-Z0-9-_.]+$, Then publish, read and delete are 400', async (name) => {
    expect((await publish(owner, name, manifest(orgId))).status).toBe(400);
    expect((await get(owner, name)).status).toBe(400);
    expect((await api.call('DELETE', `/v1/integrations/${name}`, { as: owner })).status).toBe(400);
  });
});

describe('who may publish, update and unpublish', () => {
  test('When the caller is not a member of the organization, Then it is 404; when they are not its admin, Then 403; nothing is published', async () => {
    const stranger = newUser();
    const creator = newUser();
    addMember(creator, orgId, 'create');
    const name = uniqueName();
    expect((await publish(stranger, name, manifest(orgId))).status).toBe(404);
    const denied = await publish(creator, name, manifest(orgId));
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(403);
    expect((await get(owner, name)).status).toBe(404);
  });

  test('When another organization publishes a taken name, Then it is 409; a non-admin member of the owner updating it is 403; the integration is unchanged', async () => {
    const name = uniqueName();
    await publish(owner, name, manifest(orgId, { visibility: 'public' }));
    const rival = newUser();
    const rivalOrg = await newOrg(rival, 'Rival');
    const taken = await publish(rival, name, manifest(rivalOrg.id));
    expect(taken.status).toBe(409);
    const editor = newUser();
    addMember(editor, orgId, 'edit');
    expect((await publish(editor, name, manifest(orgId))).status).toBe(403);
    expect((await get(owner, name)).body.version).toBe(1);
  });

  test('When integrations are unpublished, Then the owner admin gets 205 then 204, others 403 or 404, and the name is free again', async () => {
    const name = uniqueName();
    const privateName = uniqueName();
    await publish(owner, name, manifest(orgId, { visibility: 'public' }));
    await publish(owner, privateName, manifest(orgId));
    const stranger = newUser();
    const reader = newUser();
    addMember(reader, orgId, 'read');

    expect((await api.call('DELETE', `/v1/integrations/${name}`, { as: stranger })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/integrations/${privateName}`, { as: stranger })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/integrations/${name}`, { as: reader })).status).toBe(403);
    expect((await api.call('DELETE', `/v1/integrations/${name}`, { as: owner })).status).toBe(205);
    expect((await api.call('DELETE', `/v1/integrations/${name}`, { as: owner })).status).toBe(204);
    expect((await api.call('DELETE', `/v1/integrations/${uniqueName('never')}`, { as: owner })).status).toBe(204);
    expect((await get(owner, name)).status).toBe(404);

    const deleted = await announced(IntegrationsEvents.INTEGRATION_DELETED, name);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ name, organizationId: orgId });

    const strangerOrg = await newOrg(stranger, 'Second Owner');
    const republished = await publish(stranger, name, manifest(strangerOrg.id));
    expect(republished.status).toBe(200);
    expect(republished.body).toMatchObject({ version: 1, owner: { id: strangerOrg.id } });
  });
});

describe('reading and listing', () => {
  let visOrg: string;
  let pub: string;
  let priv: string;
  let unlisted: string;
  let stranger: User;
  let member: User;

  beforeAll(async () => {
    const u = newUser();
    visOrg = (await newOrg(u, 'Visibility Org')).id;
    pub = uniqueName('pub');
    priv = uniqueName('priv');
    unlisted = uniqueName('unl');
    expect((await publish(u, pub, manifest(visOrg, { visibility: 'public' }))).status).toBe(200);
    expect((await publish(u, priv, manifest(visOrg, { visibility: 'private' }))).status).toBe(200);
    expect((await publish(u, unlisted, manifest(visOrg, { visibility: 'unlisted' }))).status).toBe(200);
    stranger = newUser();
    member = newUser();
    addMember(member, visOrg, 'read');
  });

  test('When a stranger reads, Then public and unlisted integrations are readable and the private one is 404', async () => {
    const res = await get(stranger, pub);
    expect(res.status).toBe(200);
    expectOfficialSchema('Integration', res.body);
    expect(res.body.permissions).toEqual({ admin: false, install: false });
    expect(res.body.owner.permissions).toMatchObject({ view: false, admin: false });
    expect((await get(stranger, unlisted)).status).toBe(200);
    expect((await get(stranger, priv)).status).toBe(404);
    expect((await get(stranger, uniqueName('missing'))).status).toBe(404);
  });

  test('When a stranger lists by owner, Then only the public one is listed; a member of the owner sees all three', async () => {
    const seen = await list(stranger, `?owner=${visOrg}`);
    expect(seen.status).toBe(200);
    expect(names(seen)).toEqual([pub]);
    expect(seen.body.count).toBe(1);
    const all = await list(member, `?owner=${visOrg}`);
    expect(names(all)).toEqual([pub, priv, unlisted]);
    for (const item of all.body.items) expectOfficialSchema('Integration', item);
    const asMember = all.body.items.find((i: { name: string }) => i.name === priv);
    expect(asMember.permissions).toEqual({ admin: false, install: false });
    expect(asMember.owner.permissions).toMatchObject({ view: true, admin: false });
  });

  test('When a stranger lists everything, Then public integrations of every organization appear and private ones of others never do', async () => {
    const all: string[] = [];
    let page: string | undefined;
    do {
      const res = await list(stranger, `?limit=1000${page ? `&page=${page}` : ''}`);
      expect(res.status).toBe(200);
      all.push(...names(res));
      page = res.body.next?.page;
    } while (page);
    expect(all).toContain(pub);
    expect(all).not.toContain(priv);
    expect(all).not.toContain(unlisted);
  });

  test('When a user with an organization of their own reads a public integration, Then permissions.install is true', async () => {
    const admin = newUser();
    await newOrg(admin, 'Installer Org');
    expect((await get(admin, pub)).body.permissions).toEqual({ admin: false, install: true });
    // ...but a private one of another organization stays invisible to them
    expect((await get(admin, priv)).status).toBe(404);
  });
});

describe('list filters and pagination', () => {
  let filterOrg: string;
  let u: User;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    u = newUser();
    filterOrg = (await newOrg(u, 'Filters Org')).id;
    const specs: Record<string, object> = {
      figma: {
        title: 'Figma embeds',
        categories: ['content'],
        scopes: ['space:content:read'],
        target: 'space',
        blocks: [{ id: 'figma', title: 'Figma', urlUnfurl: ['https://www.figma.com/file/*'] }],
      },
      stats: { title: 'Stats counter', categories: ['analytics'], scopes: ['site:views:read'], target: 'site' },
      source: { title: 'Source sync', categories: ['content'], scopes: ['space:content:write'], target: 'all', contentSources: [{ id: 's', title: 'Src', configuration: { componentId: 'c' } }] },
      org: { title: 'Org tool', categories: ['other'], scopes: ['openapi:read'], target: 'organization' },
      last: { title: 'Last one', categories: ['marketing'], scopes: ['site:metadata:read'], target: 'site' },
    };
    for (const [key, extra] of Object.entries(specs)) {
      made[key] = uniqueName(key);
      const res = await publish(u, made[key], manifest(filterOrg, { visibility: 'public', ...extra }));
      expect(res.status).toBe(200);
    }
  });

  const filtered = async (query: string) => {
    const res = await list(u, `?owner=${filterOrg}&${query}`);
    expect(res.status).toBe(200);
    return names(res).sort();
  };

  test.each([
    ['category=content', ['figma', 'source']],
    ['scope=site:views:read', ['stats']],
    ['blockDomain=figma.com', ['figma']],
    ['blockDomain=www.FIGMA.com', ['figma']],
    ['blocks=true', ['figma']],
    ['blocks=false', ['last', 'org', 'source', 'stats']],
    ['contentSources=true', ['source']],
    ['target=site', ['last', 'source', 'stats']],
    ['target=all', ['source']],
    ['search=counter', ['stats']],
    ['search=FIGMA', ['figma']],
  ])('When listing with %s, Then exactly the matching integrations come back', async (query, expected) => {
    expect(await filtered(query)).toEqual(expected.map((k) => made[k]).sort());
  });

  test('When five integrations are paged two at a time, Then each is listed exactly once and count is the total', async () => {
    const seen: string[] = [];
    let page: string | undefined;
    let pages = 0;
    do {
      const res = await list(u, `?owner=${filterOrg}&limit=2${page ? `&page=${page}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(5);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...names(res));
      page = res.body.next?.page;
      pages++;
    } while (page);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual(Object.values(made).sort());
  });

  test.each([['limit=1001'], ['limit=0'], ['limit=abc'], ['page=forged'], ['category=games'], ['scope=everything'], ['target=planet'], ['blocks=maybe'], ['blockDomain=a%20b']])(
    'When listing with %s, Then it is a 400',
    async (query) => {
      const res = await list(u, `?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(400);
    },
  );
});
