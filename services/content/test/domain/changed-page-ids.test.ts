import { changedPageIds, changedReusableContentIds } from '../../src/domain/revision/diff';
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

test('When the two contents share page objects (docs/adr/0117), Then a shared object at its place is unchanged and one that moved is changed', () => {
  const [a, b, c] = [page('a'), page('b'), page('c')];
  expect(changedPageIds(content([a, b, c]), content([a, b, c]))).toEqual([]);
  expect(changedPageIds(content([a, b, c]), content([a, c, b])).sort()).toEqual(['b', 'c']);
  expect(changedPageIds(content([a, b]), content([a, { ...b, parent: 'a' }]))).toEqual(['b']);
});

test('When reusable contents are added, removed, retitled or rewritten, Then each is named once; unchanged ones are not (docs/adr/0109)', () => {
  const r = (id: string, title: string, documentHash: string | null) => ({ id, title, documentHash, createdAt: 't', updatedAt: 't' });
  const before = { reusableContents: [r('same', 'S', 'h1'), r('gone', 'G', 'h2'), r('retitled', 'T', 'h3'), r('rewritten', 'W', 'h4')] };
  const after = { reusableContents: [r('same', 'S', 'h1'), r('retitled', 'T2', 'h3'), r('rewritten', 'W', 'h5'), r('new', 'N', null)] };
  expect(changedReusableContentIds(before, after).sort()).toEqual(['gone', 'new', 'retitled', 'rewritten']);
});
