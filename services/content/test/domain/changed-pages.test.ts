import { changedPages } from '../../src/domain/revision/changed-pages';
import type { PageNode } from '../../src/domain/revision/types';

const page = (id: string, over: Partial<PageNode> = {}) => ({ id, title: id, documentHash: `h-${id}`, ...over }) as PageNode;

test('When two trees are compared, Then the pages added, removed or changed in any field are named once each, and the same ones are not', () => {
  const before = [page('a'), page('b'), page('c')];
  const after = [page('a'), page('b', { title: 'Renamed' }), page('d')];
  expect(changedPages(before, after).sort()).toEqual(['b', 'c', 'd']);
  expect(changedPages(before, before)).toEqual([]);
});
