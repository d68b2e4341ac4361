import { createHash } from 'node:crypto';
import { chunkPages } from '../../src/domain/revision/page-chunks';
import type { PageNode } from '../../src/domain/revision/types';

const page = (id: string, title = id) => ({ id, parent: null, title }) as PageNode;
const pagesOf = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => page(`${prefix}${i}`));
const keys = (chunks: PageNode[][]) => chunks.map((chunk) => JSON.stringify(chunk));

describe('a page list in content-defined chunks', () => {
  test('When a list is cut, Then its chunks put back together are the list, about 64 pages each and never over 256', () => {
    const pages = pagesOf(5_000);
    const chunks = chunkPages(pages);
    expect(chunks.flat()).toEqual(pages);
    expect(chunks.length).toBeGreaterThan(5_000 / 256);
    expect(chunks.length).toBeLessThan(5_000 / 16);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(256);
    expect(chunkPages([])).toEqual([]);
  });

  test('When one page is edited, added or removed, Then only the chunk that holds it differs from the parent list’s', () => {
    const pages = pagesOf(5_000);
    const before = new Set(keys(chunkPages(pages)));
    const edited = pages.map((p, i) => (i === 2_500 ? page(p.id, 'Edited') : p));
    const inserted = [...pages.slice(0, 1_000), page('new-page'), ...pages.slice(1_000)];
    const removed = pages.filter((_, i) => i !== 4_000);
    for (const after of [edited, inserted, removed]) {
      const fresh = keys(chunkPages(after)).filter((key) => !before.has(key));
      // A removed page that ended its chunk joins two chunks into one; an added one may split one in two.
      expect(fresh.length).toBeGreaterThanOrEqual(1);
      expect(fresh.length).toBeLessThanOrEqual(2);
    }
  });

  test('When a run of pages has no boundary in its ids, Then it is still cut at 256', () => {
    const noBoundary = Array.from({ length: 800 }, (_, i) => `run-${i}`).filter((id) => createHash('sha256').update(id).digest().readUInt32BE(0) % 64 !== 0);
    const pages = noBoundary.slice(0, 600).map((id) => page(id));
    expect(chunkPages(pages).map((chunk) => chunk.length)).toEqual([256, 256, 88]);
  });
});
