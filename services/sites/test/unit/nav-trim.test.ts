import { buildNavTree, indexPages, type TreePage } from '../../src/publisher/nav-tree';
import { pageHtml } from '../../src/publisher/page-html';
import { pageView } from './fixtures';
import { FULL_TREE_MAX, navOf } from '../../src/publisher/page-view';

const page = (id: string, parent: string | null, type: 'document' | 'group' = 'document', path = id): TreePage => ({ id, parent, type, title: `Title ${id}`, slug: id, path, hidden: false, noIndex: false, noRobotsIndex: false });
/** A space of `groups` groups of `perGroup` pages, each page with one child. */
function space(groups: number, perGroup: number): TreePage[] {
  const pages: TreePage[] = [];
  for (let g = 0; g < groups; g++) {
    pages.push(page(`g${g}`, null, 'group'));
    for (let p = 0; p < perGroup; p++) {
      pages.push(page(`g${g}p${p}`, `g${g}`, 'document', `g${g}/p${p}`));
      pages.push(page(`g${g}p${p}c`, `g${g}p${p}`, 'document', `g${g}/p${p}/c`));
    }
  }
  return pages;
}
const fragment = (node: { id: string }) => `/o/s/.nav/sp/r1/${node.id}`;
const html = (nav: ReturnType<typeof navOf>) =>
  pageHtml(pageView({ title: 'T', bodyHtml: '<p>x</p>', nav, markdownHref: '/x.md' }));

describe('the navigation of big spaces', () => {
  test('When a space is small, Then its whole tree shows on every page', () => {
    const index = indexPages(space(3, 5));
    const nav = navOf(index.nav, '/o/s', 'g0p0', fragment, index.navSize);
    expect(nav.every((group) => !group.collapsed && group.children.length === 5)).toBe(true);
    expect(nav[2].children[4].children.map((c) => c.title)).toEqual(['Title g2p4c']);
  });

  test('When a space holds 10,000 pages, Then a page carries its branch, its siblings and collapsed groups, in under 100 KB', () => {
    const { nav: tree, navSize } = indexPages(space(50, 100));
    expect(navSize).toBe(10_050);
    const nav = navOf(tree, '/o/s', 'g7p3c', fragment, navSize);
    expect(nav).toHaveLength(50);
    const current = nav[7];
    expect(current.collapsed).toBeUndefined();
    expect(current.children).toHaveLength(100);
    expect(current.children[3].children.map((c) => [c.title, c.current])).toEqual([['Title g7p3c', true]]);
    // Siblings of the branch list no children of their own.
    expect(current.children[4].children).toEqual([]);
    expect(nav[8]).toMatchObject({ children: [], collapsed: { fragmentHref: '/o/s/.nav/sp/r1/g8', first: { title: 'Title g8p0', href: '/o/s/g8/p0' } } });
    const bytes = Buffer.byteLength(html(nav));
    expect(bytes).toBeLessThan(100_000);
    // The whole tree, as every page carried it before: seven times the budget.
    expect(Buffer.byteLength(html(navOf(tree, '/o/s', 'none', fragment, 0)))).toBeGreaterThan(700_000);
  });

  test('When a group is collapsed, Then it opens to its first page without a script, and names where its pages load from', () => {
    const nav = navOf(buildNavTree(space(3, FULL_TREE_MAX)), '/o/s', 'g0p0', fragment, FULL_TREE_MAX + 1);
    expect(html(nav)).toContain('<li class="nav-group"><details data-nav="/o/s/.nav/sp/r1/g1"><summary class="nav-group">Title g1</summary><ul><li><a href="/o/s/g1/p0">Title g1p0</a></li></ul></details></li>');
  });
});
