import { newId } from '@dp/db';
import { componentOf } from '@dp/testing';
import { contentService } from '../../src';
import { boundImmutableCaches, cachesOf } from '../../src/data/immutable-cache';
import { findRevision, insertRevision } from '../../src/data/revisions';
import type { PageNode } from '../../src/domain/revision/types';
import { revisionPages } from '../../src/queries/revision-pages';
import { contentFixtures } from './fixtures';

/**
 * Kept revisions (docs/adr/0114), on content's own database: a space of 100,000 pages is kept whole under the
 * default budget (the scale run's reads jumped 20x at that size when it was not), a revision goes with the first
 * of its chunks to leave the cache, and one whose chunks do not fit is read again, never kept outside the bound.
 */
const api = componentOf('revcache', contentService);
const fixtures = contentFixtures(api);

const at = new Date().toISOString();
/** `count` pages as parts of chapters of pages, as documentation nests them. */
const pagesOf = (count: number, prefix: string): PageNode[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i}`,
    parent: i < 10 ? null : `${prefix}${Math.floor(i / 10) - 1}`,
    type: 'document',
    title: `Page ${i}`,
    slug: `page-${i}`,
    hidden: false,
    noIndex: false,
    noRobotsIndex: false,
    documentHash: null,
    createdAt: at,
    updatedAt: at,
  }));

async function storedRevision(pages: PageNode[]): Promise<{ spaceId: string; revisionId: string }> {
  const spaceId = (await fixtures.call('POST', `/v1/orgs/${fixtures.orgId}/spaces`, { title: 'Large' })).body.id as string;
  const revisionId = newId();
  await insertRevision(api.db, { id: revisionId, space_id: spaceId, parents: [], created_by: null, content: { pages, files: [], variables: {}, reusableContents: [] } });
  return { spaceId, revisionId };
}

test('When a revision of 100,000 pages is read twice, Then the second read is the kept revision, indexed once, and its pages are by id and by path', async () => {
  boundImmutableCaches(api.db, 160);
  const { spaceId, revisionId } = await storedRevision(pagesOf(100_000, 'big'));
  const first = await findRevision(api.db, spaceId, revisionId);
  expect(first?.pages).toHaveLength(100_000);
  const again = await findRevision(api.db, spaceId, revisionId);
  expect(again).toBe(first);
  expect(revisionPages(again!)).toBe(revisionPages(first!));
  const { byId, byPath, paths } = revisionPages(first!);
  expect(paths.get('big99999')).toBe('page-8/page-98/page-998/page-9998/page-99999');
  expect(byPath.get('page-8/page-98/page-998/page-9998/page-99999')).toBe(byId.get('big99999'));
});

test('When one of a kept revision s chunks leaves the cache, Then the revision goes with it and the next read loads it again', async () => {
  boundImmutableCaches(api.db, 160);
  const { spaceId, revisionId } = await storedRevision(pagesOf(2_000, 'mid'));
  const first = await findRevision(api.db, spaceId, revisionId);
  const caches = cachesOf(api.db);
  expect(caches.revisions.has(revisionId)).toBe(true);
  const [someChunk] = [...caches.chunks.keys()];
  caches.chunks.delete(someChunk);
  expect(caches.revisions.has(revisionId)).toBe(false);
  const reloaded = await findRevision(api.db, spaceId, revisionId);
  expect(reloaded).not.toBe(first);
  expect(reloaded?.pages.map((p) => p.id)).toEqual(first?.pages.map((p) => p.id));
  expect(caches.revisions.has(revisionId)).toBe(true);
});

test('When a revision s chunks do not fit the budget, Then every read is answered in full and the revision is never kept', async () => {
  // 1 MB in all: 460 KB of chunks, about 1,000 pages; the revision has 5,000.
  boundImmutableCaches(api.db, 1);
  const { spaceId, revisionId } = await storedRevision(pagesOf(5_000, 'small'));
  for (let read = 0; read < 2; read++) {
    const revision = await findRevision(api.db, spaceId, revisionId);
    expect(revision?.pages).toHaveLength(5_000);
    expect(cachesOf(api.db).revisions.has(revisionId)).toBe(false);
  }
  expect(cachesOf(api.db).chunks.calculatedSize).toBeLessThanOrEqual(0.45 * 1024 * 1024);
});
