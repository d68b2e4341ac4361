import { createLinks } from '@dp/http';
import { presentSpaceSnapshot, snapshotOfSpaceJson, spaceSnapshot, type SpaceColumns } from '../../src';

// One mapping of a space (docs/adr/0065): row → snapshot → JSON, and JSON → snapshot for a context that read it
// from content's API, so content, sites' copy and what sites fetched all present the same Space.
const links = createLinks({ PUBLIC_URL: 'http://api', APP_URL: 'http://app', SITES_PUBLIC_URL: 'http://sites' });
const row: SpaceColumns = {
  id: 's1',
  organization_id: 'o1',
  title: 'Guide',
  emoji: null,
  visibility: 'private',
  edit_mode: 'live',
  parent_id: null,
  default_level: 'inherit',
  revision_id: 'r1',
  created_at: new Date('2026-01-02T03:04:05.000Z'),
  updated_at: new Date('2026-01-03T03:04:05.000Z'),
  deleted_at: null,
  merge_rules: { type: 'inherit' },
  language: null,
};
const counts = { comments: 2, changeRequests: 3, changeRequestsOpen: 1, changeRequestsDraft: 1 };

describe('The space snapshot mapping', () => {
  test('When a row is mapped, Then the snapshot carries its columns as the events name them, counters only when known', () => {
    expect(spaceSnapshot(row)).toEqual({
      id: 's1', organization: 'o1', title: 'Guide', emoji: null, visibility: 'private', editMode: 'live', parent: null,
      defaultLevel: 'inherit', revision: 'r1', createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-03T03:04:05.000Z', deletedAt: null,
      mergeRules: { type: 'inherit' }, language: null,
    });
    expect(spaceSnapshot(row, null)).not.toHaveProperty('counts');
    expect(spaceSnapshot(row, counts).counts).toEqual(counts);
  });

  test.each([
    ['a plain space', row],
    ['an emoji, a parent, a deletion and a lock', { ...row, emoji: '📘', parent_id: 'c1', deleted_at: new Date('2026-02-01T00:00:00.000Z'), edit_mode: 'locked' }],
    ['merge rules of its own', { ...row, merge_rules: { type: 'rules' as const, rules: [{ rule: 'allow_bypass' as const, users: ['u1'] }] } }],
    ['a language', { ...row, language: 'fr' }],
  ])('When %s is presented and its JSON read back, Then the snapshot is the one presented', (_what, space) => {
    const snapshot = spaceSnapshot(space, counts);
    expect(snapshotOfSpaceJson(presentSpaceSnapshot(snapshot, 'read', links))).toEqual(snapshot);
  });

  test("When a copy from before spaces had merge rules is presented, Then the space inherits its organization's", () => {
    expect(presentSpaceSnapshot(spaceSnapshot({ ...row, merge_rules: null }), 'read', links).mergeRules).toEqual({ type: 'inherit' });
  });

  test('When a snapshot without counters is presented and read back, Then its counters read zero, as the JSON said', () => {
    expect(snapshotOfSpaceJson(presentSpaceSnapshot(spaceSnapshot(row), undefined, links)).counts).toEqual({ comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 });
  });
});
