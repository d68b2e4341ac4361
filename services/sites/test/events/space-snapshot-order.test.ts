import { createDb, migrate, type Db } from '@dp/db';
import { ContentEvents, createEvent, type SpaceSnapshot } from '@dp/events';
import { createLogger } from '@dp/log';
import { requireInfrastructure, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { migrations } from '../../migrations';
import { storeSpaceCopy } from '../../src/commands/sync-space-copy';
import { onContentSpaceUpdated } from '../../src/events/handlers/on-content-space-updated';

/**
 * content.space.updated snapshots handled out of order, as the consumer's 16 concurrent deliveries may: each
 * through the real handler in its own transaction on a migrated sites schema.
 */
const schema = `${uniqueNamespace('sso')}sites`;
const log = createLogger('test', 'silent');
let db: Db;

beforeAll(async () => {
  await requireInfrastructure();
  db = createDb({ url: TEST_DATABASE_URL, schema, poolMax: 2 });
  await migrate(db, schema, migrations);
});
afterAll(async () => {
  await db?.raw('drop schema if exists ?? cascade', [schema]);
  await db?.destroy();
});

// Counter-only updates: the same updatedAt every time, only the counters and the version move.
const snapshot = (version: number, comments: number): SpaceSnapshot => ({
  id: 'space-order-1',
  organization: 'org-1',
  title: 'Guide',
  emoji: null,
  visibility: 'private',
  editMode: 'live',
  parent: null,
  defaultLevel: 'inherit',
  revision: 'rev-1',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  deletedAt: null,
  version,
  counts: { comments, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 },
});

const deliver = (s: SpaceSnapshot) =>
  db.transaction((trx) =>
    onContentSpaceUpdated.handle(createEvent(ContentEvents.SPACE_UPDATED, { space: s }, { source: 'content', subject: s.id }), trx, log, async () => undefined),
  );
const copy = async () => db('space_copies').where({ id: 'space-order-1' }).first('counts', 'snapshot_version');

test('When counter snapshots arrive out of order, Then the copy keeps the newest version and ignores older ones and redeliveries', async () => {
  // A site shows the space: its copy exists, written from version 1.
  await db.transaction((trx) => storeSpaceCopy(trx, snapshot(1, 0), { create: true }));

  await deliver(snapshot(3, 3));
  expect(await copy()).toEqual({ counts: snapshot(3, 3).counts, snapshot_version: '3' });

  await deliver(snapshot(2, 2)); // emitted before version 3, delivered after it
  expect(await copy()).toEqual({ counts: snapshot(3, 3).counts, snapshot_version: '3' });

  await deliver(snapshot(3, 99)); // same version again: not strictly newer
  expect(await copy()).toEqual({ counts: snapshot(3, 3).counts, snapshot_version: '3' });

  await deliver(snapshot(4, 1));
  expect(await copy()).toEqual({ counts: snapshot(4, 1).counts, snapshot_version: '4' });
});

test("When a snapshot carries the space's merge rules, Then the copy keeps them, and a snapshot without any (from an older content) keeps them too", async () => {
  const rules = { type: 'rules' as const, rules: [{ rule: 'require_at_least_one_review' as const }] };
  const id = 'space-rules-1';
  const ruled = (version: number, mergeRules?: SpaceSnapshot['mergeRules']): SpaceSnapshot => ({ ...snapshot(version, 0), id, ...(mergeRules ? { mergeRules } : {}) });
  const rulesOfCopy = async () => (await db('space_copies').where({ id }).first('merge_rules')).merge_rules;
  await db.transaction((trx) => storeSpaceCopy(trx, ruled(1), { create: true }));
  expect(await rulesOfCopy()).toBeNull();

  await deliver(ruled(2, rules));
  expect(await rulesOfCopy()).toEqual(rules);
  await deliver(ruled(3));
  expect(await rulesOfCopy()).toEqual(rules);
  await deliver(ruled(4, { type: 'inherit' }));
  expect(await rulesOfCopy()).toEqual({ type: 'inherit' });
});
