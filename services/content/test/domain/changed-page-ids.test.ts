import { changedPageIds } from '../../src/domain/revision/diff';
import type { PageNode, RevisionContent } from '../../src/domain/revision/types';

const page = (id: string, over: Partial<PageNode> = {}) => ({ id, parent: null, title: id, documentHash: `h-${id}`, ...over }) as PageNode;
const content = (pages: PageNode[]): RevisionContent => ({ pages, files: [], variables: {}, reusableContents: [] });

test('When two contents are compared, Then the pages added, removed, changed in any field or moved are named once each, and the same ones are not', () => {
  const before = content([page('a'), page('b'), page('c')]);
  const after = content([page('a'), page('b', { title: 'Renamed' }), page('d')]);
  expect(changedPageIds(before, after).sort()).toEqual(['b', 'c', 'd']);
  expect(changedPageIds(before, before)).toEqual([]);
  // A page that changes place among its siblings is changed; so is each whose position it shifted.
  expect(changedPageIds(content([page('a'), page('b')]), content([page('b'), page('a')])).sort()).toEqual(['a', 'b']);
});
