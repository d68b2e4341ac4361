import { readablePageIds, readableResults, scopeOf, siteSpacesInScope } from '../../src/domain/site-search';

const ss = (id: string, sectionId: string, isDefault: boolean) => ({ id, spaceId: `space-${id}`, sectionId, isDefault });
const all = [ss('a1', 'A', true), ss('a2', 'A', false), ss('b1', 'B', true), ss('b2', 'B', false)];
const ids = (list: Array<{ id: string }>) => list.map((s) => s.id);

describe('which site spaces a site search covers', () => {
  test('When the scope is the default one, Then each section s default is searched, with the current site space, or only it, or the others', () => {
    expect(ids(siteSpacesInScope(all, { mode: 'default' }))).toEqual(['a1', 'b1']);
    expect(ids(siteSpacesInScope(all, { mode: 'default', currentSiteSpace: 'b2' }))).toEqual(['a1', 'b1', 'b2']);
    expect(ids(siteSpacesInScope(all, { mode: 'default', currentSiteSpace: 'b2', restrictTo: 'currentSiteSpace' }))).toEqual(['b2']);
    expect(ids(siteSpacesInScope(all, { mode: 'default', currentSiteSpace: 'a1', restrictTo: 'otherSiteSpaces' }))).toEqual(['b1']);
  });

  test('When site spaces are named or all are asked for, Then those of this site are searched (a stranger s id finds nothing)', () => {
    expect(ids(siteSpacesInScope(all, { mode: 'specific', siteSpaceIds: ['a2', 'elsewhere'] }))).toEqual(['a2']);
    expect(ids(siteSpacesInScope(all, { mode: 'all' }))).toEqual(['a1', 'a2', 'b1', 'b2']);
  });

  test('When the body uses the deprecated modes, Then they mean their scope', () => {
    expect(scopeOf({ siteSpaceIds: ['a2'] })).toEqual({ mode: 'specific', siteSpaceIds: ['a2'] });
    expect(scopeOf({ mode: 'current', siteSpaceId: 'b2' })).toEqual({ mode: 'default', currentSiteSpace: 'b2' });
    expect(scopeOf({ mode: 'all' })).toEqual({ mode: 'all' });
    expect(scopeOf({})).toEqual({ mode: 'default' });
  });
});

describe('what a reader may find', () => {
  const page = (id: string, parent: string | null, hidden = false, type = 'document') => ({ id, parent, type, hidden });

  test('When a page is hidden, Then neither it nor anything under it is readable; groups are not pages', () => {
    const pages = [page('g', null, false, 'group'), page('p', 'g'), page('h', null, true), page('under', 'h'), page('deeper', 'under'), page('loop1', 'loop2'), page('loop2', 'loop1')];
    expect([...readablePageIds(pages)].sort()).toEqual(['p']);
  });

  test('When results hold unreadable pages, Then they are dropped (a space left empty too) and the count follows', () => {
    const result = (id: string, score: number) => ({ id, title: id, description: '', path: id, score, rank: 1, ancestors: [], urls: { app: `https://app/${id}` } });
    const results = { count: 3, items: [{ type: 'space' as const, id: 's1', title: 'S1', score: 2, pages: [result('ok', 1), result('secret', 2)] }, { type: 'space' as const, id: 's2', title: 'S2', score: 1, pages: [result('x', 1)] }] };
    const readable = readableResults(results, (spaceId) => (spaceId === 's1' ? new Set(['ok']) : undefined));
    expect(readable).toEqual({ count: 1, items: [{ type: 'space', id: 's1', title: 'S1', score: 1, pages: [result('ok', 1)] }] });
  });
});
