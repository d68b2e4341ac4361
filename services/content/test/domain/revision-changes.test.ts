import { applyChanges, type ApplyContext } from '../../src/domain/revision/apply-changes';
import { duplicateContent } from '../../src/domain/revision/duplicate';
import type { ContentChange } from '../../src/domain/revision/changes';
import { pagePaths } from '../../src/domain/revision/tree';
import { ContentError, emptyContent, type RevisionContent } from '../../src/domain/revision/types';

let n = 0;
const ctx = (revisions: Map<string | undefined, RevisionContent> = new Map()): ApplyContext => ({ now: '2026-11-22T00:00:00.000Z', newId: () => `id${++n}`, revisions });
const apply = (base: RevisionContent, changes: ContentChange[], c = ctx()) => applyChanges(base, changes, c);
const titles = (content: RevisionContent) => content.pages.map((p) => p.title);

describe('inserting pages', () => {
  test('When markdown has frontmatter or a leading heading, Then they give the title (over `title`), and the slug derives from it', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'Ignored', document: { markdown: '---\ntitle: From frontmatter\ndescription: Desc\n---\nBody' } },
      { operation: 'insert_page', title: 'Ignored too', document: { markdown: '# Getting Started\n\nText' } },
      { operation: 'insert_page', title: 'Plain', document: { markdown: 'no heading' } },
      { operation: 'insert_page', document: {} },
    ]);
    expect(titles(r.content)).toEqual(['From frontmatter', 'Getting Started', 'Plain', 'Untitled']);
    expect(r.content.pages.map((p) => p.slug)).toEqual(['from-frontmatter', 'getting-started', 'plain', 'untitled']);
    expect(r.content.pages[0].description).toBe('Desc');
    expect(r.outcomes.map((o) => o.object)).toEqual(['created_page', 'created_page', 'created_page', 'created_page']);
  });

  test('When pages are inserted into a parent at an index, Then paths follow the tree and sibling order', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'Guide', ref: 'guide', document: {} },
      { operation: 'insert_page', title: 'B', document: {} },
    ]);
    const guide = r.content.pages[0].id;
    const r2 = apply(r.content, [
      { operation: 'insert_page', title: 'Second', into: guide, document: {} },
      { operation: 'insert_page', title: 'First', into: guide, at: 0, document: {} },
    ]);
    const paths = pagePaths(r2.content.pages);
    expect(r2.content.pages.filter((p) => p.parent === guide).map((p) => paths.get(p.id))).toEqual(['guide/first', 'guide/second']);
  });

  test('When a derived slug collides, Then it gets a suffix; when an explicit one does, Then the batch is refused', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'Setup', document: {} },
      { operation: 'insert_page', title: 'Setup', document: {} },
    ]);
    expect(r.content.pages.map((p) => p.slug)).toEqual(['setup', 'setup-2']);
    expect(() => apply(r.content, [{ operation: 'insert_page', title: 'X', slug: 'setup', document: {} }])).toThrow(/slug "setup" is already used/);
  });

  test('When pages and files link to each other by batch refs, Then the links resolve to their ids', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000030806000000', 'hex').toString('base64');
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'A', ref: 'a', document: { markdown: 'See [B](./b.md) and ![pic](./pic.png)' } },
      { operation: 'insert_page', title: 'B', ref: 'b', document: { markdown: 'Back to [A](a.md#top)' } },
      { operation: 'insert_files', files: [{ ref: 'pic.png', name: 'pic.png', contentType: 'image/png', base64: png }] },
    ]);
    const [a, b] = r.content.pages;
    const file = r.insertedFiles[0];
    expect(r.documents.get(a.documentHash!)).toBe(`See [B](/pages/${b.id}) and ![pic](/files/${file.id})`);
    expect(r.documents.get(b.documentHash!)).toBe(`Back to [A](/pages/${a.id}#top)`);
    expect(file).toMatchObject({ name: 'pic.png', contentType: 'image/png', dimensions: { width: 2, height: 3 } });
  });
});

describe('updating, moving, deleting, reverting', () => {
  const base = () =>
    apply(emptyContent(), [
      { operation: 'insert_page', title: 'One', ref: '1', document: { markdown: 'one' } },
      { operation: 'insert_page', title: 'Two', ref: '2', document: { markdown: 'two' } },
      { operation: 'insert_page', title: 'Three', ref: '3', document: { markdown: 'three' } },
    ]).content;

  test('When a page moves into another and to an index, Then its parent and position change', () => {
    const c = base();
    const [one, two, three] = c.pages;
    const r = apply(c, [{ operation: 'update_page', page: three.id, into: one.id }, { operation: 'update_page', page: two.id, at: 0 }]);
    expect(r.content.pages.filter((p) => p.parent === null).map((p) => p.title)).toEqual(['Two', 'One']);
    expect(r.content.pages.find((p) => p.id === three.id)!.parent).toBe(one.id);
  });

  test('When a page is moved into its own sub-page, Then the batch is refused', () => {
    const c = base();
    const [one, two] = c.pages;
    const nested = apply(c, [{ operation: 'update_page', page: two.id, into: one.id }]).content;
    expect(() => apply(nested, [{ operation: 'update_page', page: one.id, into: two.id }])).toThrow(ContentError);
    expect(() => apply(nested, [{ operation: 'update_page', page: one.id, into: one.id }])).toThrow(/into itself/);
  });

  test('When a page is deleted, Then its sub-pages go with it; a later change to it in the batch is refused', () => {
    const c = base();
    const [one, two] = c.pages;
    const nested = apply(c, [{ operation: 'update_page', page: two.id, into: one.id }]).content;
    const r = apply(nested, [{ operation: 'delete_page', page: one.id }]);
    expect(titles(r.content)).toEqual(['Three']);
    expect(r.outcomes.map((o) => o.object)).toEqual(['deleted_page', 'deleted_page']);
    expect(() => apply(nested, [{ operation: 'delete_page', page: one.id }, { operation: 'update_page', page: two.id, title: 'x' }])).toThrow(/does not exist/);
  });

  test('When a page is updated with markdown frontmatter, Then the frontmatter wins over the fields', () => {
    const c = base();
    const r = apply(c, [{ operation: 'update_page', page: c.pages[0].id, title: 'Field', document: { markdown: '---\ntitle: Front\n---\nnew body' } }]);
    expect(r.content.pages[0].title).toBe('Front');
    expect(r.documents.get(r.content.pages[0].documentHash!)).toBe('---\ntitle: Front\n---\nnew body');
  });

  test('When a page is reverted to the base revision, Then its document and title come back', () => {
    const c = base();
    const edited = apply(c, [{ operation: 'update_page', page: c.pages[0].id, title: 'Changed', document: { markdown: 'changed' } }]).content;
    const r = apply(edited, [{ operation: 'revert_page', page: c.pages[0].id }], ctx(new Map([[undefined, c]])));
    expect(r.content.pages[0]).toMatchObject({ title: 'One', documentHash: c.pages[0].documentHash });
  });

  test('When any change of a batch is invalid, Then nothing of the batch applies (the input is untouched)', () => {
    const c = base();
    const snapshot = JSON.stringify(c);
    expect(() => apply(c, [{ operation: 'update_page', page: c.pages[0].id, title: 'New' }, { operation: 'delete_page', page: 'missing' }])).toThrow(ContentError);
    expect(JSON.stringify(c)).toBe(snapshot);
  });

  test('When a file is too big, sent by URL, or not base64, Then the batch is refused', () => {
    const big = Buffer.alloc(1024 * 1024 + 1).toString('base64');
    expect(() => apply(emptyContent(), [{ operation: 'insert_files', files: [{ name: 'a', contentType: 'x/y', base64: big }] }])).toThrow(/larger than 1 MB/);
    expect(() => apply(emptyContent(), [{ operation: 'insert_files', files: [{ name: 'a', url: 'https://x.io/a' }] }])).toThrow(/url file must be fetched/);
    expect(() => apply(emptyContent(), [{ operation: 'insert_files', files: [{ name: 'a', contentType: 'x/y', base64: '%%%' }] }])).toThrow(/not valid base64/);
  });
});

describe('duplicating content', () => {
  test('When content is duplicated, Then ids are new, the tree is the same and links point into the copy', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'A', ref: 'a', document: { markdown: 'to [B](./b.md) and [ext](https://x.io)' } },
      { operation: 'insert_page', title: 'B', ref: 'b', document: { markdown: 'b' } },
    ]);
    const [a, b] = r.content.pages;
    const nested = applyChanges(r.content, [{ operation: 'update_page', page: b.id, into: a.id }], ctx());
    const copy = duplicateContent(nested.content, r.documents, () => `new${++n}`);
    const [ca, cb] = copy.content.pages;
    expect([ca.id, cb.id]).not.toContain(a.id);
    expect(cb.parent).toBe(ca.id);
    expect(copy.documents.get(ca.documentHash!)).toBe(`to [B](/pages/${cb.id}) and [ext](https://x.io)`);
  });
});

describe('documents as written (docs/adr/0072)', () => {
  const heading = (data: object) => ({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'heading-2', data, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Install', marks: [] }] }] }] });

  test('When two pages are written as JSON documents with one markdown form, Then each keeps its own document under its own hash; a page written as markdown keeps none', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_page', title: 'A', document: { document: heading({}) } },
      { operation: 'insert_page', title: 'B', document: { document: heading({ id: 'setup' }) } },
      { operation: 'insert_page', title: 'C', document: { markdown: '## Install' } },
    ]);
    const [a, b, c] = r.content.pages.map((p) => p.documentHash!);
    expect(r.documents.get(a)).toBe('## Install');
    expect(r.documents.get(b)).toBe('## Install');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(r.writtenDocuments.get(a)).toEqual(heading({}));
    expect(r.writtenDocuments.get(b)).toEqual(heading({ id: 'setup' }));
    expect(r.writtenDocuments.has(c)).toBe(false);
  });

  test('When the same JSON document is sent again, Then the page keeps its hash; when markdown replaces it, Then the page has no written document any more', () => {
    const first = apply(emptyContent(), [{ operation: 'insert_page', title: 'A', document: { document: heading({}) } }]);
    const page = first.content.pages[0];
    const again = apply(first.content, [{ operation: 'update_page', page: page.id, document: { document: heading({}) } }]);
    expect(again.content.pages[0].documentHash).toBe(page.documentHash);
    const markdown = apply(first.content, [{ operation: 'update_page', page: page.id, document: { markdown: '## Install' } }]);
    expect(markdown.content.pages[0].documentHash).not.toBe(page.documentHash);
    expect(markdown.writtenDocuments.size).toBe(0);
  });
});

describe('reusable contents (docs/adr/0109)', () => {
  test('When a batch inserts a reusable content and a page includes it by ref, Then the include names its id and its document is stored like a page', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_reusable_content', ref: 'warning', title: 'Warning', document: { markdown: '{% hint style="warning" %}\nBack up first.\n{% endhint %}' } },
      { operation: 'insert_page', title: 'Upgrade', document: { markdown: 'Read this:\n\n{% include "./warning" %}' } },
    ]);
    const [reusable] = r.content.reusableContents;
    expect(reusable).toMatchObject({ title: 'Warning', documentHash: expect.any(String) });
    expect(r.documents.get(reusable.documentHash!)).toContain('Back up first.');
    expect(r.documents.get(r.content.pages[0].documentHash!)).toBe(`Read this:\n\n{% include "/reusable-contents/${reusable.id}" %}`);
    // Only pages are page outcomes.
    expect(r.outcomes.map((o) => o.object)).toEqual(['created_page']);
  });

  test('When a reusable content is updated or deleted, Then its title and document change, or it is gone; an unknown one is refused naming the change', () => {
    const first = apply(emptyContent(), [{ operation: 'insert_reusable_content', title: 'Snippet', document: { markdown: 'v1' } }]);
    const id = first.content.reusableContents[0].id;
    const updated = apply(first.content, [{ operation: 'update_reusable_content', reusableContent: id, title: 'Renamed', document: { markdown: 'v2' } }]);
    expect(updated.content.reusableContents).toMatchObject([{ id, title: 'Renamed' }]);
    expect(updated.documents.get(updated.content.reusableContents[0].documentHash!)).toBe('v2');
    const retitled = apply(updated.content, [{ operation: 'update_reusable_content', reusableContent: id, title: 'Only the title' }]);
    expect(retitled.content.reusableContents[0].documentHash).toBe(updated.content.reusableContents[0].documentHash);
    expect(apply(updated.content, [{ operation: 'delete_reusable_content', reusableContent: id }]).content.reusableContents).toEqual([]);
    expect(() => apply(updated.content, [{ operation: 'delete_reusable_content', reusableContent: 'nope' }])).toThrow('body.changes[0] (delete_reusable_content): reusable content nope does not exist in this change request');
    expect(() =>
      apply(emptyContent(), [
        { operation: 'insert_page', ref: 'same', title: 'A', document: {} },
        { operation: 'insert_reusable_content', ref: 'same', title: 'B', document: {} },
      ]),
    ).toThrow('ref "same" is used twice in this batch');
  });

  test('When a reusable content inserted in a batch is deleted in it, Then it is not in the content', () => {
    const ids = ['temporary', 'kept'];
    const r = applyChanges(
      emptyContent(),
      [
        { operation: 'insert_reusable_content', title: 'Temporary', document: { markdown: 'x' } },
        { operation: 'insert_reusable_content', title: 'Kept', document: { markdown: 'y' } },
        { operation: 'delete_reusable_content', reusableContent: 'temporary' },
      ],
      { ...ctx(), newId: () => ids.shift()! },
    );
    expect(r.content.reusableContents.map((x) => x.id)).toEqual(['kept']);
  });

  test('When a space with reusable contents is duplicated, Then they get new ids and the copied pages include the copies', () => {
    const r = apply(emptyContent(), [
      { operation: 'insert_reusable_content', ref: 'note', title: 'Note', document: { markdown: 'See [home](./home.md).' } },
      { operation: 'insert_page', ref: 'home', title: 'Home', document: { markdown: '{% include "./note" %}' } },
    ]);
    const copy = duplicateContent(r.content, r.documents, () => `copy${++n}`);
    const [reusable] = copy.content.reusableContents;
    const [home] = copy.content.pages;
    expect(reusable.id).not.toBe(r.content.reusableContents[0].id);
    expect(copy.documents.get(home.documentHash!)).toBe(`{% include "/reusable-contents/${reusable.id}" %}`);
    expect(copy.documents.get(reusable.documentHash!)).toBe(`See [home](/pages/${home.id}).`);
  });
});

describe('the base revision', () => {
  test('When a batch changes, moves, reverts and deletes pages, Then the base is untouched and every page the batch did not change is the same object', () => {
    const base = apply(emptyContent(), [
      { operation: 'insert_page', title: 'A', ref: 'a', document: { markdown: 'a' } },
      { operation: 'insert_page', title: 'B', ref: 'b', document: { markdown: 'b' } },
      { operation: 'insert_page', title: 'C', ref: 'c', document: { markdown: 'c' } },
      { operation: 'insert_page', title: 'D', ref: 'd', document: { markdown: 'd' } },
    ]).content;
    const frozen = JSON.stringify(base);
    const [a, b, c, d] = base.pages;
    const next = apply(base, [
      { operation: 'update_page', page: a.id, title: 'A2' },
      { operation: 'update_page', page: b.id, into: c.id },
      { operation: 'delete_page', page: d.id },
    ]).content;
    expect(JSON.stringify(base)).toBe(frozen);
    expect(next.pages.map((p) => p.title)).toEqual(['A2', 'C', 'B']);
    expect(next.pages.find((p) => p.id === c.id)).toBe(c);
    expect(next.pages.find((p) => p.id === a.id)).not.toBe(a);
    expect(next.pages.find((p) => p.id === b.id)).toMatchObject({ parent: c.id });
    expect(b.parent).toBeNull();
  });
});
