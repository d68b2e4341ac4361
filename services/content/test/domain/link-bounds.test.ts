import { paginateArray } from '@dp/http';
import { itemLocations, withBoundedLocations } from '../../src/domain/link-bounds';
import type { LinkGroup } from '../../src/domain/links';

// docs/adr/0061: an item names its first `perItem` linking pages; a page of items holds at most `perAnswer` locations.
const bounds = { perItem: 3, perAnswer: 10 };
const group = (n: number, url = 'https://example.com'): LinkGroup => ({
  key: `url:${url}`,
  target: { kind: 'url', url },
  status: 'ok',
  from: Array.from({ length: n }, (_, i) => `p${i}`),
});
const page = (groups: LinkGroup[], params: { page?: string; limit?: number }) => paginateArray(groups, params, { weight: (g) => itemLocations(g, bounds), max: bounds.perAnswer });

describe('link location bounds', () => {
  test('An item names its first linking pages, in reading order, up to perItem', () => {
    expect(withBoundedLocations(group(5), bounds).from).toEqual(['p0', 'p1', 'p2']);
    expect(withBoundedLocations(group(2), bounds).from).toEqual(['p0', 'p1']);
    expect(itemLocations(group(5), bounds)).toBe(4);
    expect(itemLocations(group(0), bounds)).toBe(1);
  });

  test('A page ends before the item that would pass perAnswer locations, and the next page starts there', () => {
    const groups = Array.from({ length: 7 }, (_, i) => group(5, `u${i}`)); // 4 locations each
    const first = page(groups, { limit: 1000 });
    expect(first.items).toHaveLength(2);
    expect(first.count).toBe(7);
    const second = page(groups, { limit: 1000, page: first.next!.page });
    expect(second.items.map((g) => g.target)).toEqual([{ kind: 'url', url: 'u2' }, { kind: 'url', url: 'u3' }]);
  });

  test('A page holds at least one item however heavy, and small items fill it up to limit', () => {
    expect(paginateArray([group(50)], {}, { weight: (g) => g.from.length, max: 10 }).items).toHaveLength(1);
    const light = Array.from({ length: 20 }, (_, i) => group(0, `u${i}`));
    const p = page(light, { limit: 5 });
    expect(p.items).toHaveLength(5);
    expect(page(light, { limit: 50 }).items).toHaveLength(10);
    expect(paginateArray(light, { limit: 50 }).items).toHaveLength(20);
  });
});
