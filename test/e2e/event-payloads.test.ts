import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Ajv from 'ajv';
import { loadConfig } from '@dp/config';
import { contentService } from '@dp/content';
import { AmqpBus, type EventHandler } from '@dp/bus';
import { createServiceContext } from '@dp/runtime';
import { translationsService } from '@dp/translations';
import { createEvent, eventCatalog, eventTypes, GatewayEvents, isEventType, TranslationsEvents, type EventType } from '@dp/events';
import { startReplicaHeartbeat } from '@dp/gateway';
import { createLogger } from '@dp/log';
import { createDb } from '@dp/db';
import { eventually, TEST_AMQP_URL, TEST_DATABASE_URL } from '@dp/testing';
import { startGitHostApi, type GitHostApiServer } from '../support/git-host-api';
import { bootStack, type TestStack, type TestUser } from '../support/stack';

/**
 * Every event type of the catalog, produced by the real command of its publisher (driven through the API, or
 * the real job for the purge), read back from that service's outbox and checked against the catalog's schema
 * with a validator of its own. The cases are the catalog itself: a type added without a way to produce it
 * here fails below, with its name. The gateway has no outbox: its heartbeat is heard on the stack's exchange.
 */
let stack: TestStack;
let owner: TestUser;
let orgId: string;
const produced = new Map<string, Array<{ type: string; source: string; data: unknown }>>();

const call = (method: string, path: string, body?: unknown, token = owner.token) => stack.call(method, path, { token, body });
async function ok(method: string, path: string, body?: unknown, token = owner.token) {
  const res = await call(method, path, body, token);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** One call (or a few) per event type, in an order the rules allow. */
async function produceEveryEvent() {
  owner = await stack.newUser('owner'); // identity.user.created
  orgId = (await stack.newOrg(owner.token)).id; // identity.organization.created, identity.member.added
  await ok('PATCH', `/v1/orgs/${orgId}`, { title: 'Renamed Docs' }); // identity.organization.updated
  const bob = await stack.newUser('bob');
  await stack.addMember(owner.token, orgId, bob.email, 'read');
  await ok('PATCH', `/v1/orgs/${orgId}/members/${bob.id}`, { role: 'edit' }); // identity.member.updated
  const team = await ok('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Writers', members: [bob.id] }); // identity.team.created, identity.team-member.added
  await ok('PATCH', `/v1/orgs/${orgId}/teams/${team.id}`, { title: 'Editors' }); // identity.team.updated
  await ok('PUT', `/v1/orgs/${orgId}/teams/${team.id}/members/${bob.id}`, { role: 'owner' }); // identity.team-member.updated
  await ok('PUT', `/v1/orgs/${orgId}/teams/${team.id}/members`, { remove: [bob.id] }); // identity.team-member.removed
  await ok('DELETE', `/v1/orgs/${orgId}/teams/${team.id}`); // identity.team.deleted
  await ok('DELETE', `/v1/orgs/${orgId}/members/${bob.id}`); // identity.member.removed
  const laptop = await ok('POST', '/v1/user/tokens', { label: 'laptop' });
  await ok('DELETE', `/v1/user/tokens/${laptop.token.id}`); // identity.token.revoked, by its owner
  const ci = await ok('POST', '/v1/user/tokens', { label: 'ci' });
  await ok('DELETE', `/v1/admin/tokens/${ci.token.id}`, undefined, stack.adminToken); // identity.token.revoked, by staff (revokedBy null)
  const saml = await ok('POST', `/v1/orgs/${orgId}/saml`, { label: 'Okta' }); // identity.saml-provider.created
  await ok('PATCH', `/v1/orgs/${orgId}/saml/${saml.id}`, { entityID: 'https://idp.example.com/metadata', defaultRole: null }); // identity.saml-provider.updated
  await ok('DELETE', `/v1/orgs/${orgId}/saml/${saml.id}`); // identity.saml-provider.deleted

  const space = await ok('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Handbook' }); // content.space.created
  await ok('PATCH', `/v1/spaces/${space.id}`, { title: 'Handbook v2' }); // content.space.updated
  const collection = await ok('POST', `/v1/orgs/${orgId}/collections`, { title: 'Guides' }); // content.collection.created
  await ok('PATCH', `/v1/collections/${collection.id}`, { title: 'All guides' }); // content.collection.updated
  await ok('DELETE', `/v1/collections/${collection.id}`); // content.collection.deleted
  const cr = await ok('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Intro' }); // content.change-request.created
  // content.change-request.updated, content.revision.created
  await ok('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', title: 'Intro', document: { markdown: 'hi' } }] });
  await ok('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`); // content.change-request.merged
  await ok('POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'Up to date?' } }); // content.comment.created
  const dave = await stack.newUser('dave');
  await stack.addMember(owner.token, orgId, dave.email, 'review');
  await stack.joined(dave.token, orgId);
  const reviewed = `/v1/spaces/${space.id}/change-requests/${(await ok('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Outro' })).id}`;
  await ok('POST', `${reviewed}/requested-reviewers`, { users: [dave.id] }); // content.change-request.reviewers-requested
  await ok('POST', `${reviewed}/reviews`, { status: 'approved' }, dave.token); // content.change-request.review-submitted
  await ok('DELETE', `${reviewed}/requested-reviewers/${dave.id}`); // content.change-request.reviewer-removed
  const carol = await stack.newUser('carol');
  await stack.addMember(owner.token, orgId, carol.email, 'read');
  await ok('POST', `/v1/spaces/${space.id}/permissions`, { role: 'edit', users: [carol.id] }); // content.space-permission.updated
  await ok('DELETE', `/v1/spaces/${space.id}/permissions/users/${carol.id}`); // content.space-permission.updated (role null)
  const shelf = await ok('POST', `/v1/orgs/${orgId}/collections`, { title: 'Shelf' });
  await ok('POST', `/v1/collections/${shelf.id}/permissions`, { role: 'read', users: [carol.id] }); // content.collection-permission.updated
  const writers = await ok('PUT', `/v1/orgs/${orgId}/teams`, { title: 'Writers', members: [carol.id] });
  await ok('POST', `/v1/spaces/${space.id}/permissions`, { role: 'edit', teams: [writers.id] }); // content.space-team-permission.updated
  await ok('POST', `/v1/collections/${shelf.id}/permissions`, { role: 'read', teams: [writers.id] }); // content.collection-team-permission.updated

  const site = await ok('POST', `/v1/orgs/${orgId}/sites`, { title: 'Docs site' }); // sites.site.created
  await ok('POST', `/v1/orgs/${orgId}/sites/${site.id}/permissions`, { role: 'admin', users: [carol.id], teams: [writers.id] }); // sites.site-permission.updated, sites.site-team-permission.updated
  await ok('PATCH', `/v1/orgs/${orgId}/sites/${site.id}`, { title: 'Docs' }); // sites.site.updated
  await ok('POST', `/v1/orgs/${orgId}/sites/${site.id}/publish`); // sites.site.published
  await ok('POST', `/v1/orgs/${orgId}/sites/${site.id}/unpublish`); // sites.site.unpublished
  const structure = `/v1/orgs/${orgId}/sites/${site.id}`;
  const guide = await ok('POST', `${structure}/site-spaces`, { spaceId: space.id }); // sites.site-space.created
  await ok('PATCH', `${structure}/site-spaces/${guide.id}`, { path: 'guide' }); // sites.site-space.updated
  const extra = await ok('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Extra' });
  const section = await ok('POST', `${structure}/sections`, { spaceId: extra.id, title: 'Extra' }); // sites.site-section.created (and the default one)
  await ok('PATCH', `${structure}/sections/${section.id}`, { title: 'More' }); // sites.site-section.updated
  const group = await ok('POST', `${structure}/section-groups`, { title: 'Products' }); // sites.site-section-group.created
  await ok('PATCH', `${structure}/section-groups/${group.id}`, { title: 'All products' }); // sites.site-section-group.updated
  await ok('DELETE', `${structure}/section-groups/${group.id}`); // sites.site-section-group.deleted
  await ok('DELETE', `${structure}/sections/${section.id}`); // sites.site-section.deleted, sites.site-space.deleted
  // content.git-sync.site-structure-read: a site's installation set up with a repository whose gitbook-docs.yaml
  // (read from the stand-in of GitHub's API) names one space that syncs with no directory.
  const siteInstallation = await ok('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: site.id } });
  await ok('PATCH', `/v1/git/installations/${siteInstallation.id}`, { provider: 'github', providerConfiguration: { accessToken: HOST_TOKEN, repositoryId: 501, branch: 'refs/heads/main' } });
  await ok('DELETE', `/v1/orgs/${orgId}/sites/${site.id}`); // sites.site.deleted

  await ok('POST', `/v1/orgs/${orgId}/openapi`, { slug: 'petstore', source: { url: 'https://example.com/openapi.json' } }); // openapi.spec.created
  await ok('DELETE', `/v1/orgs/${orgId}/openapi/petstore`); // openapi.spec.deleted
  // openapi.spec.processing-requested (each creation), then openapi.spec.version-created once the worker processed it.
  const textSpec = await ok('POST', `/v1/orgs/${orgId}/openapi`, { slug: 'from-text', source: { text: 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\n' } });
  await eventually(async () => (await call('GET', `/v1/orgs/${orgId}/openapi/from-text`)).body.lastVersion === undefined ? undefined : textSpec.id);

  const integration = `payload-${Date.now()}`;
  const manifest = { organization: orgId, title: 'Analytics', description: 'Counts views', script: 'export default () => new Response("ok")', scopes: ['site:views:read'] };
  await ok('POST', `/v1/integrations/${integration}`, manifest); // integrations.integration.published
  await ok('POST', `/v1/integrations/${integration}/installations`, { organization: orgId }); // integrations.installation.created
  await ok('DELETE', `/v1/integrations/${integration}`); // integrations.integration.deleted

  const translation = await ok('POST', `/v1/orgs/${orgId}/translations`, { language: 'fr', source: { space: space.id, language: 'en' } }); // translations.translation.created
  await ok('DELETE', `/v1/orgs/${orgId}/translations/${translation.id}`); // translations.translation.deleted
  const ran = await ok('POST', `/v1/orgs/${orgId}/translations`, { language: 'de', source: { space: space.id, language: 'en' } });
  await runTranslation(ran.id); // translations.translation.completed
  await deliverToContent(TranslationsEvents.TRANSLATION_COMPLETED); // content.space-translations.updated

  // content.git-sync.started and .completed: an import the worker runs, from a host the platform may not reach.
  expect((await call('POST', `/v1/spaces/${space.id}/git/import`, { url: 'http://127.0.0.1:9/docs.git', ref: 'refs/heads/main' })).status).toBe(204);
  await eventually(async () => (await call('GET', `/v1/spaces/${space.id}/git/info`)).body.operation?.state === 'failure' || undefined, 20_000);

  await ok('DELETE', `/v1/spaces/${space.id}`); // content.space.deleted
  await ok('POST', `/v1/spaces/${space.id}/restore`); // content.space.restored
  await ok('DELETE', `/v1/spaces/${space.id}`);
  // content.space.purged: the worker's own job, once the deletion is older than the restore window.
  const config = loadConfig(contentService.config, stack.envOf('content'));
  const db = stack.schemaDb('content');
  await db('spaces').where({ id: space.id }).update({ deleted_at: new Date(Date.now() - (config.CONTENT_RESTORE_WINDOW_DAYS + 1) * 86_400_000) });
  const log = createLogger('event-payloads', 'silent');
  // The jobs are built as the worker builds them, and released as it releases them (the Git Sync job listens).
  const releases: Array<() => Promise<void>> = [];
  const purge = contentService.jobs?.({ db, config, log, onStop: (release) => void releases.push(release) }).find((job) => job.name === 'purge-deleted-spaces');
  try {
    if (!purge) throw new Error('content has no purge-deleted-spaces job');
    await purge.run({ db, config, log });
  } finally {
    for (const release of releases) await release();
  }
}

/**
 * One run of a translation by the translations worker's own handler (as its consumer calls it: its outbox for what
 * it emits), against a LibreTranslate stand-in on 127.0.0.1 that answers the texts as they came.
 */
async function runTranslation(translationId: string): Promise<void> {
  const provider = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: JSON.parse(Buffer.concat(chunks).toString()).q })));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  // The run's own pool, as the worker's (it reads and writes outside the delivery's transaction).
  const db = createDb({ url: TEST_DATABASE_URL, schema: stack.envOf('translations').DB_SCHEMA!, poolMax: 2 });
  try {
    const env = { ...stack.envOf('translations'), TRANSLATIONS_PROVIDER: 'libretranslate', LIBRETRANSLATE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}` };
    const deps = { db, config: loadConfig(translationsService.config, env), log: createLogger('event-payloads', 'silent') };
    const type = TranslationsEvents.TRANSLATION_RUN_REQUESTED;
    const handler = translationsService.handlers(deps).find((h): h is EventHandler<typeof type> => h.type === type);
    if (!handler) throw new Error('translations has no handler of run requests');
    const { emit } = createServiceContext('translations', deps);
    const delivered = createEvent(type, { translationId, organizationId: orgId }, { source: 'translations', subject: translationId });
    await stack.schemaDb('translations').transaction((trx) => handler.handle(delivered, trx, deps.log, emit));
    const row = await db('translations').where({ id: translationId }).first('status', 'last_error');
    if (row.status !== 'completed') throw new Error(`the translation run did not complete: ${row.last_error}`);
  } finally {
    await db.destroy();
    await new Promise((resolve) => provider.close(resolve));
  }
}

/** The newest `type` event in translations' outbox, handled by content's own handler as its worker's consumer would. */
async function deliverToContent(type: typeof TranslationsEvents.TRANSLATION_COMPLETED): Promise<void> {
  const [row] = await stack.schemaDb('translations')('outbox').where({ type }).orderBy('seq', 'desc').limit(1).select('event');
  if (!row) throw new Error(`translations wrote no ${type}`);
  const config = loadConfig(contentService.config, stack.envOf('content'));
  const deps = { db: stack.schemaDb('content'), config, log: createLogger('event-payloads', 'silent') };
  const handler = contentService.handlers(deps).find((h): h is EventHandler<typeof type> => h.type === type);
  if (!handler) throw new Error(`content has no handler of ${type}`);
  const { emit } = createServiceContext('content', deps);
  await deps.db.transaction((trx) => handler.handle(row.event, trx, deps.log, emit));
}

/** gateway.replica.alive, as the gateway's heartbeat publishes it to the broker, heard on the stack's exchange. */
async function hearGatewayHeartbeat(): Promise<void> {
  const log = createLogger('event-payloads', 'silent');
  const exchange = stack.envOf('gateway').AMQP_EXCHANGE;
  if (!exchange) throw new Error("the stack's gateway has no AMQP_EXCHANGE");
  const bus = new AmqpBus({ url: TEST_AMQP_URL, exchange, log });
  const heartbeat = startReplicaHeartbeat({ bus, everyMs: 100, log });
  try {
    await bus.broadcast({ bindings: [GatewayEvents.REPLICA_ALIVE], handle: (event) => void produced.set(event.type, [...(produced.get(event.type) ?? []), event]) });
    await eventually(() => produced.has(GatewayEvents.REPLICA_ALIVE), 5_000);
  } finally {
    heartbeat.stop();
    await bus.close();
  }
}

const HOST_TOKEN = 'evpl-host-token';
let host: GitHostApiServer;

beforeAll(async () => {
  const yaml = 'site:\n  title: Docs\n  structure:\n    - { type: space, key: notes, title: Notes, path: notes, content: { directory: null } }\n';
  host = await startGitHostApi({ token: HOST_TOKEN, repositories: [{ id: 501, owner: 'acme', name: 'site', defaultBranch: 'main', branches: ['main'], cloneUrl: 'http://127.0.0.1:9/site.git', files: { 'gitbook-docs.yaml': yaml } }] });
  stack = await bootStack('evpl', { env: { GITHUB_API_URL: host.url, OUTBOUND_ALLOW: '127.0.0.1' } });
  await produceEveryEvent();
  await hearGatewayHeartbeat();
  for (const publisher of new Set(Object.values(eventCatalog).map((d) => d.publisher).filter((p) => p !== 'gateway'))) {
    const rows: Array<{ type: string; event: { type: string; source: string; data: unknown } }> = await stack.schemaDb(publisher)('outbox').select('type', 'event').orderBy('seq');
    for (const { type, event } of rows) produced.set(type, [...(produced.get(type) ?? []), event]);
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await host?.close();
}, 60_000);

// A validator of the test's own, strict about the schemas themselves, so it does not share the producer's.
const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });

describe('Every catalogued event type', () => {
  test.each(eventTypes)('When %s is produced by its service, Then its outbox payload matches its schema', (type: EventType) => {
    const definition = eventCatalog[type];
    const events = produced.get(type) ?? [];
    expect(events.length).toBeGreaterThan(0);
    const validate = ajv.compile(definition.data);
    for (const event of events) {
      expect(event.type).toBe(type);
      expect(event.source).toBe(`/${definition.publisher}`);
      expect(validate(event.data) ? [] : validate.errors).toEqual([]);
    }
  });

  test('When the outboxes are read, Then they hold no type outside the catalog', () => {
    expect([...produced.keys()].filter((type) => !isEventType(type))).toEqual([]);
  });
});
