import { semanticChanges } from '../../src/domain/revision/semantic-changes';
import type { FileEntry, PageNode, RevisionContent } from '../../src/domain/revision/types';

const page = (id: string, over: Partial<PageNode> = {}): PageNode => ({
  id,
  parent: null,
  type: 'document',
  title: id,
  slug: id,
  hidden: false,
  noIndex: false,
  noRobotsIndex: false,
  documentHash: `hash-${id}`,
  createdAt: '2026-11-28T00:00:00.000Z',
  updatedAt: '2026-11-28T00:00:00.000Z',
  ...over,
});
const file = (id: string, over: Partial<FileEntry> = {}): FileEntry => ({ id, name: `${id}.png`, contentType: 'image/png', size: 10, blobHash: `blob-${id}`, ...over });
const content = (pages: PageNode[], files: FileEntry[] = [], variables: Record<string, string> = {}): RevisionContent => ({ pages, files, variables, reusableContents: [] });

describe('semantic changes between two contents', () => {
  test('When nothing changed, Then there are no changes', () => {
    const same = content([page('a'), page('b', { parent: 'a' })], [file('f')], { v: '1' });
    expect(semanticChanges(same, same)).toEqual([]);
  });

  test('When pages are created, edited, moved and deleted, Then each is named once, in the new tree order and then the deleted ones, with their paths', () => {
    const before = content([page('intro'), page('guides', { type: 'group', documentHash: null }), page('setup', { parent: 'guides' }), page('old')]);
    const after = content([
      page('intro', { title: 'Welcome', documentHash: 'hash-new' }),
      page('setup'),
      page('guides', { type: 'group', documentHash: null, emoji: '1f4d8' }),
      page('fresh', { parent: 'guides' }),
    ]);
    expect(semanticChanges(before, after).map((c) => [c.type, 'page' in c ? c.page.path : undefined])).toEqual([
      ['page_edited', 'intro'],
      ['page_moved', 'setup'],
      ['page_edited', 'guides'],
      ['page_created', 'guides/fresh'],
      ['page_deleted', 'old'],
    ]);
    const [intro, setup, guides] = semanticChanges(before, after);
    expect(intro).toMatchObject({ attributes: { title: { before: 'intro', after: 'Welcome' }, documentHash: { before: 'hash-intro', after: 'hash-new' } } });
    expect(setup).toMatchObject({ parent: { before: { page: { id: 'guides' }, path: 'guides' } } });
    expect(setup.type === 'page_moved' && setup.parent.after).toBeUndefined();
    // A group reports what groups have: its emoji, set where it had none (no `before` side).
    expect(guides).toEqual({ type: 'page_edited', page: expect.anything(), attributes: { emoji: { after: '1f4d8' } } });
  });

  test('When only settings the official attributes do not name change, or a page moves among its siblings, Then nothing is reported', () => {
    const before = content([page('a'), page('b')]);
    const after = content([page('b'), page('a', { hidden: true, icon: 'star', condition: 'visitor.claims.x' })]);
    expect(semanticChanges(before, after)).toEqual([]);
  });

  test('When a description is removed, Then its change has a before side only', () => {
    const [change] = semanticChanges(content([page('a', { description: 'About a' })]), content([page('a')]));
    expect(change).toMatchObject({ type: 'page_edited', attributes: { description: { before: 'About a' } } });
    expect(change.type === 'page_edited' && 'after' in change.attributes.description!).toBe(false);
  });

  test('When files are added, replaced, renamed and removed, Then each is a file change with the attributes that moved, on the side it is read from', () => {
    const before = content([], [file('kept'), file('bytes'), file('gone')]);
    const after = content([], [file('kept', { name: 'renamed.png' }), file('bytes', { blobHash: 'blob-2', size: 20 }), file('added')]);
    expect(semanticChanges(before, after)).toEqual([
      { type: 'file_edited', file: after.files[0], was: before.files[0], attributes: { name: { before: 'kept.png', after: 'renamed.png' } } },
      { type: 'file_edited', file: after.files[1], was: before.files[1], attributes: { blobHash: { before: 'blob-bytes', after: 'blob-2' }, size: { before: 10, after: 20 } } },
      { type: 'file_created', file: after.files[2] },
      { type: 'file_deleted', file: before.files[2] },
    ]);
  });

  test('When variables are set, changed and removed, Then one variables change names each by name, in name order', () => {
    const changes = semanticChanges(content([], [], { version: '1', gone: 'x', same: 's' }), content([], [], { version: '2', added: 'y', same: 's' }));
    expect(changes).toEqual([{ type: 'variables_edited', variables: { added: { after: 'y' }, gone: { before: 'x' }, version: { before: '1', after: '2' } } }]);
  });

  test('When the earlier side is empty (a space’s first revision), Then every page and file is created', () => {
    const after = content([page('a'), page('b', { parent: 'a' })], [file('f')]);
    expect(semanticChanges(content([]), after).map((c) => c.type)).toEqual(['page_created', 'page_created', 'file_created']);
  });
});

describe('semantic changes of reusable contents (docs/adr/0109)', () => {
  const reusable = (id: string, title: string, documentHash: string | null) => ({ id, title, documentHash, createdAt: 't0', updatedAt: 't0' });
  test('When reusable contents are created, edited and deleted, Then each is named after the variables, the created and edited in order, then the deleted', () => {
    const before = { ...content([]), reusableContents: [reusable('a', 'A', 'h1'), reusable('b', 'B', 'h2'), reusable('c', 'C', null)] };
    const after = { ...content([]), reusableContents: [reusable('a', 'A', 'h1'), reusable('b', 'B2', 'h3'), reusable('d', 'D', 'h4')] };
    expect(semanticChanges(before, after)).toEqual([
      { type: 'reusable_content_edited', reusableContent: after.reusableContents[1], attributes: { title: { before: 'B', after: 'B2' }, documentHash: { before: 'h2', after: 'h3' } } },
      { type: 'reusable_content_created', reusableContent: after.reusableContents[2] },
      { type: 'reusable_content_deleted', reusableContent: before.reusableContents[2] },
    ]);
  });
});
