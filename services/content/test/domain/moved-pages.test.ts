import { movedPages } from '../../src/domain/revision/moved-pages';
import type { PageNode } from '../../src/domain/revision/types';

const page = (id: string, slug: string, parent: string | null = null, type: PageNode['type'] = 'document'): PageNode => ({
  id,
  parent,
  type,
  title: id,
  slug,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  documentHash: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
});

describe('the paths a live revision moved pages away from', () => {
  test('When a page is renamed, Then its old path leads to it', () => {
    expect(movedPages([page('a', 'setup')], [page('a', 'install')])).toEqual([{ path: 'setup', pageId: 'a' }]);
  });

  test('When a parent moves, Then every page under it leaves its path too; groups are not recorded', () => {
    const before = [page('g', 'guides', null, 'group'), page('p', 'parent', 'g'), page('c', 'child', 'p')];
    const after = [page('g', 'manuals', null, 'group'), page('p', 'parent', 'g'), page('c', 'child', 'p')];
    expect(movedPages(before, after)).toEqual([
      { path: 'guides/parent', pageId: 'p' },
      { path: 'guides/parent/child', pageId: 'c' },
    ]);
  });

  test('When a page is deleted, unchanged, or another page takes its old path, Then nothing is recorded for that path', () => {
    expect(movedPages([page('a', 'a'), page('b', 'b')], [page('a', 'a')])).toEqual([]);
    expect(movedPages([page('a', 'setup'), page('b', 'other')], [page('a', 'install'), page('b', 'setup')])).toEqual([{ path: 'other', pageId: 'b' }]);
  });
});
