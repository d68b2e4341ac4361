import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import knex from 'knex';
import { eventually, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { PETS_SPEC } from '../../../test/support/pets-spec';
import { bootStack, dropNamespace, type TestStack, type TestUser } from '../../../test/support/stack';
import { admin, adminEnv, adminJson } from './support';

/**
 * `backup` and `restore` (issue 28, docs/adr/0110): a populated stack on the real PostgreSQL and RabbitMQ is
 * backed up while it runs, stopped and dropped; the backup goes into empty schemas of another namespace, a stack
 * starts on them and answers every read as the original did. An event published but not yet handled by one of
 * its consumers when the backup was taken (the broker is not in a backup) is published again and handled once.
 */
let original: TestStack | undefined;
let restored: TestStack | undefined;
let dir: string;
const restoredNs = uniqueNamespace('bkr');
const db = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dp-backup-'));
});

afterAll(async () => {
  await original?.stop();
  await restored?.stop();
  await dropNamespace(restoredNs);
  await db.destroy();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

interface Seeded {
  owner: TestUser;
  reads: string[];
  doomed: { spaceId: string; siteId: string; orgId: string };
  fileId: string;
  spaceId: string;
}

/** An organization with a member, a space with pages, a file, a merged and an open change request with comments, a published site, a processed OpenAPI spec. */
async function seed(stack: TestStack): Promise<Seeded> {
  const owner = await stack.newUser('owner');
  const editor = await stack.newUser('editor');
  const orgId = (await stack.newOrg(owner.token, 'Backed Up Inc')).id;
  await stack.addMember(owner.token, orgId, editor.email, 'edit');
  const call = (method: string, url: string, body?: unknown) => stack.call(method, url, { token: owner.token, body });
  const space = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Handbook' })).body;
  const merged = (await call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'First pages' })).body;
  const authored = await call('POST', `/v1/spaces/${space.id}/change-requests/${merged.id}/content?compat=false`, {
    changes: [
      { operation: 'insert_page', ref: 'start', title: 'Getting started', document: { markdown: 'Welcome to the **handbook**.\n\n## Install\n\nRun the installer.' } },
      { operation: 'insert_page', title: 'Configuration', into: 'start', document: { markdown: 'See [getting started](./README.md).' } },
      { operation: 'insert_files', files: [{ name: 'logo.png', contentType: 'image/png', base64: Buffer.from('a PNG, byte for byte').toString('base64') }] },
    ],
  });
  expect(authored.status).toBe(200);
  expect((await call('POST', `/v1/spaces/${space.id}/change-requests/${merged.id}/merge`)).status).toBe(200);
  const open = (await call('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Still in review' })).body;
  expect((await call('POST', `/v1/spaces/${space.id}/change-requests/${open.id}/comments`, { body: { markdown: 'Please look at this.' } })).status).toBe(200);
  expect((await call('POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'A note on the space.' } })).status).toBe(200);
  const site = (await call('POST', `/v1/orgs/${orgId}/sites`, { title: 'Docs', spaces: [space.id] })).body;
  // openapi's context: a spec its worker has processed into a version.
  expect((await call('POST', `/v1/orgs/${orgId}/openapi`, { slug: 'pets', source: { text: PETS_SPEC } })).status).toBe(201);
  await eventually(async () => (await call('GET', `/v1/orgs/${orgId}/openapi/pets`)).body.lastProcessedAt !== undefined, 20_000);
  expect((await call('POST', `/v1/orgs/${orgId}/sites/${site.id}/publish`)).status).toBe(200);

  // A second site whose space is deleted while content's relay is stopped: its event waits in the outbox.
  const doomedSpace = (await call('POST', `/v1/orgs/${orgId}/spaces`, { title: 'Doomed' })).body;
  const doomedSite = (await call('POST', `/v1/orgs/${orgId}/sites`, { title: 'Doomed docs', spaces: [doomedSpace.id] })).body;
  await eventually(async () => (await call('GET', `/v1/orgs/${orgId}/sites/${doomedSite.id}/site-spaces`)).body.items?.length === 1, 10_000);

  const live = (await call('GET', `/v1/spaces/${space.id}`)).body;
  const content = (await call('GET', `/v1/spaces/${space.id}/content`)).body;
  const [start] = content.pages;
  const fileId = authored.body.insertedFiles[0].id as string;
  await eventually(async () => (await call('GET', `/v1/spaces/${space.id}/search?query=installer`)).body.items?.length === 1, 10_000);
  return {
    owner,
    spaceId: space.id,
    fileId,
    doomed: { spaceId: doomedSpace.id, siteId: doomedSite.id, orgId },
    reads: [
      '/v1/user',
      '/v1/orgs',
      `/v1/orgs/${orgId}`,
      `/v1/orgs/${orgId}/members`,
      `/v1/orgs/${orgId}/spaces`,
      `/v1/spaces/${space.id}`,
      `/v1/spaces/${space.id}/content`,
      `/v1/spaces/${space.id}/content/page/${start.id}?format=markdown`,
      `/v1/spaces/${space.id}/content/page/${start.pages[0].id}`,
      `/v1/spaces/${space.id}/content/files`,
      `/v1/spaces/${space.id}/content/files/${fileId}`,
      `/v1/spaces/${space.id}/revisions/${live.revision}`,
      `/v1/spaces/${space.id}/change-requests`,
      `/v1/spaces/${space.id}/change-requests/${open.id}`,
      `/v1/spaces/${space.id}/change-requests/${open.id}/comments`,
      `/v1/spaces/${space.id}/comments`,
      `/v1/spaces/${space.id}/search?query=installer`,
      `/v1/orgs/${orgId}/sites/${site.id}`,
      `/v1/orgs/${orgId}/sites/${site.id}/site-spaces`,
      `/v1/orgs/${orgId}/openapi`,
      `/v1/orgs/${orgId}/openapi/pets`,
      `/v1/orgs/${orgId}/openapi/pets/versions`,
      `/v1/orgs/${orgId}/openapi/pets/versions/latest/content`,
    ],
  };
}

/** Each read's status and body, with the stack's own addresses (they differ between the two) replaced. */
async function readAll(stack: TestStack, token: string, reads: string[]): Promise<Array<[string, number, unknown]>> {
  const ports = [stack.ports.gateway, stack.publisher.port];
  const answers: Array<[string, number, unknown]> = [];
  for (const url of reads) {
    const res = await stack.call('GET', url, { token });
    let text = JSON.stringify(res.body);
    for (const [i, port] of ports.entries()) text = text.replaceAll(`:${port}`, `:<port ${i}>`);
    answers.push([url, res.status, JSON.parse(text)]);
  }
  return answers;
}

test('When a running stack is backed up, dropped and restored into empty schemas, Then the restored stack answers every read as the original did and delivers what was in flight once', async () => {
  original = await bootStack('bko');
  const seeded = await seed(original);
  // sites' worker stops: content publishes the deletion, and the event waits in sites' queue, in no inbox of sites.
  await original.workers.sites.stop();
  expect((await original.call('DELETE', `/v1/spaces/${seeded.doomed.spaceId}`, { token: seeded.owner.token })).status).toBe(205);
  const outbox = () => db.withSchema(`${original!.namespace}content`).from('outbox').where({ type: 'content.space.deleted' });
  await eventually(async () => (await outbox().whereNotNull('published_at')).length === 1, 20_000);
  const [inFlight] = await outbox().select('id');
  const handledBy = async (schema: string) => (await db.withSchema(schema).from('inbox').where({ event_id: inFlight.id })).length;
  // translations consumes it too, and has handled it: after the restore it must not handle it again.
  await eventually(async () => (await handledBy(`${original!.namespace}translations`)) === 1, 20_000);
  expect(await handledBy(`${original.namespace}sites`)).toBe(0);

  const before = await readAll(original, seeded.owner.token, seeded.reads);
  const auditAtBackup = await readAll(original, seeded.owner.token, [`/v1/orgs/${seeded.doomed.orgId}/audit-events`]);
  expect(before.filter(([, status]) => status !== 200)).toEqual([]);
  const file = path.join(dir, 'stack.backup.gz');
  const backup = await adminJson<{ tables: number; rows: number; contexts: Array<{ context: string; rows: number }> }>(adminEnv(original.namespace), 'backup', file);
  expect(backup.contexts.map((c) => c.context)).toEqual(['identity', 'content', 'sites', 'openapi', 'integrations', 'translations']);
  expect(backup.contexts.find((c) => c.context === 'content')!.rows).toBeGreaterThan(10);
  await original.stop();
  original = undefined;

  // The original's queues go with it: the event in flight is now only in the backup.
  const restore = await adminJson<{ tables: number; rows: number; sequences: number; republished: number }>(adminEnv(restoredNs), 'restore', file);
  expect(restore).toMatchObject({ tables: backup.tables, rows: backup.rows, republished: 1 });
  expect(restore.sequences).toBeGreaterThan(0);
  restored = await bootStack('bkr', { namespace: restoredNs });

  // The event in flight is published again by the restored content: sites handles it, translations not twice.
  const siteSpaces = `/v1/orgs/${seeded.doomed.orgId}/sites/${seeded.doomed.siteId}/site-spaces`;
  await eventually(async () => (await restored!.call('GET', siteSpaces, { token: seeded.owner.token })).body.items?.length === 0, 20_000);
  expect(await handledBy(`${restoredNs}sites`)).toBe(1);
  const translationsInbox = await db.withSchema(`${restoredNs}translations`).from('inbox').where({ event_id: inFlight.id }).select('consumer');
  expect(translationsInbox).toEqual([{ consumer: `${restoredNs}translations` }]);

  expect(await readAll(restored, seeded.owner.token, seeded.reads)).toEqual(before);
  // The audit log as it was, and after it what the resumed delivery did: sites removing the doomed site's space.
  const audit = `/v1/orgs/${seeded.doomed.orgId}/audit-events`;
  const [[, , { items: was }]] = auditAtBackup as Array<[string, number, { items: Array<{ id: string }> }]>;
  const added = ['sites.site-space.deleted', 'sites.site.updated'];
  let now: Array<{ id: string; action: string }> = [];
  await eventually(async () => {
    now = (await restored!.call('GET', audit, { token: seeded.owner.token })).body.items;
    return now.length === was.length + added.length;
  }, 20_000);
  expect(now.filter((item) => !was.some((old) => old.id === item.id)).map((item) => item.action).sort()).toEqual(added);
  const [[, , { items: kept }]] = (await readAll(restored, seeded.owner.token, [audit])) as Array<[string, number, { items: Array<{ id: string }> }]>;
  expect(kept.filter((item) => was.some((old) => old.id === item.id))).toEqual(was);
  // Files are rows too: their bytes come back.
  const files = await restored.call('GET', `/v1/spaces/${seeded.spaceId}/content/files/${seeded.fileId}`, { token: seeded.owner.token });
  const download = await fetch(files.body.downloadURL, { headers: { authorization: `Bearer ${seeded.owner.token}` } });
  expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('a PNG, byte for byte');

  // The same backup again: the schemas hold rows now, and restore refuses to merge into them.
  const again = await admin(adminEnv(restoredNs), 'restore', file);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/^error: restore fills empty schemas only: .+ already hold rows\n$/);
}, 240_000);

describe('a backup that cannot be restored whole', () => {
  const ns = uniqueNamespace('bkx');
  afterAll(() => dropNamespace(ns), 30_000);

  test('When the file is cut short, damaged or of another kind, Then restore says why and leaves the schemas without rows', async () => {
    const env = adminEnv(ns);
    await adminJson(env, 'migrate', '--context', 'identity');
    await adminJson(env, 'users', 'create', '--email', `backup.${Date.now()}@example.com`, '--name', 'Backup', '--org', 'Backup Inc');
    const file = path.join(dir, 'identity.backup.gz');
    expect((await admin(env, 'backup', file)).code).toBe(0);
    const exists = await admin(env, 'backup', file);
    expect(exists).toMatchObject({ code: 1, stderr: `error: ${file} exists: choose another name, or --force to replace it\n` });
    expect((await admin(env, 'backup', file, '--force')).code).toBe(0);
    await dropNamespace(ns);

    const text = gunzipSync(await readFile(file)).toString();
    const lines = text.split('\n');
    const cases: Array<[string, Buffer, RegExp]> = [
      ['truncated', gzipSync(lines.slice(0, -3).join('\n')), /^error: the backup is incomplete \(it ends before its trailer\): nothing was restored\n$/],
      ['a row too many', gzipSync(text.replace('\n\\.\n', '\nextra\trow\n\\.\n')), /^error: /],
      ['a cut gzip', (await readFile(file)).subarray(0, 200), /^error: .+ is not a complete gzip file .+: nothing was restored\n$/],
      ['not a backup', gzipSync('{"format":"something-else"}\n'), /^error: not a docs-platform-backup file: its header is not one/],
      ['a newer version', gzipSync('{"format":"docs-platform-backup","version":2}\n'), /^error: this backup is version 2 of the format; this CLI reads version 1\n$/],
    ];
    for (const [name, bytes, message] of cases) {
      const damaged = path.join(dir, `${name}.gz`);
      await writeFile(damaged, bytes);
      const run = await admin(env, 'restore', damaged);
      expect([name, run.code, run.stderr]).toEqual([name, 1, expect.stringMatching(message)]);
      const identity = `${ns}identity`;
      const filled = await db('information_schema.tables').where({ table_schema: identity, table_name: 'users' }).first();
      if (filled) expect([name, await db.withSchema(identity).from('users').count({ n: '*' })]).toEqual([name, [{ n: '0' }]]);
    }
    // The whole file restores.
    const whole = await adminJson<{ rows: number }>(env, 'restore', file);
    expect(whole.rows).toBeGreaterThan(0);
    expect(await db.withSchema(`${ns}identity`).from('users').count({ n: '*' })).toEqual([{ n: '1' }]);
  }, 120_000);
});
