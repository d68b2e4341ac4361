import { createHash } from 'node:crypto';
import { docTabs } from '@dp/testing';
import { applyChanges } from '../../src/domain/revision/apply-changes';
import type { ContentChange } from '../../src/domain/revision/changes';
import { mergeContents } from '../../src/domain/revision/merge';
import { emptyContent, type RevisionContent } from '../../src/domain/revision/types';

const store = new Map<string, string>();
let n = 0;
const hash = (md: string) => createHash('sha256').update(md).digest('hex');
function apply(base: RevisionContent, changes: ContentChange[]): RevisionContent {
  const r = applyChanges(base, changes, { now: new Date(Date.UTC(2026, 0, 1, 0, 0, ++n)).toISOString(), newId: () => `p${++n}`, revisions: new Map() });
  r.documents.forEach((md, h) => store.set(h, md));
  return r.content;
}
function merge(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent) {
  const r = mergeContents({ base, ours, theirs, documentOf: (h) => store.get(h)!, hash });
  if (r.ok) r.documents.forEach((md, h) => store.set(h, md));
  return r;
}
const doc = (c: RevisionContent, title: string) => store.get(c.pages.find((p) => p.title === title)!.documentHash!);

const base = apply(emptyContent(), [
  { operation: 'insert_page', title: 'Intro', document: { markdown: 'line 1\nline 2\nline 3\nline 4\nline 5' } },
  { operation: 'insert_page', title: 'Setup', document: { markdown: 'setup' } },
  { operation: 'insert_page', title: 'FAQ', document: { markdown: 'faq' } },
]);
const [intro, setup, faq] = base.pages;

describe('three-way merge', () => {
  test('When both sides edit different lines of one page and other pages, Then everything combines', () => {
    const ours = apply(base, [
      { operation: 'update_page', page: intro.id, document: { markdown: 'LINE 1\nline 2\nline 3\nline 4\nline 5' } },
      { operation: 'update_page', page: setup.id, title: 'Installation' },
    ]);
    const theirs = apply(base, [
      { operation: 'update_page', page: intro.id, document: { markdown: 'line 1\nline 2\nline 3\nline 4\nLINE 5' } },
      { operation: 'insert_page', title: 'New', document: { markdown: 'new' } },
      { operation: 'delete_page', page: faq.id },
    ]);
    const r = merge(base, ours, theirs);
    if (!r.ok) throw new Error(JSON.stringify(r.conflicts));
    expect(r.content.pages.map((p) => p.title)).toEqual(['Intro', 'Installation', 'New']);
    expect(doc(r.content, 'Intro')).toBe('LINE 1\nline 2\nline 3\nline 4\nLINE 5');
  });

  test('When both sides change the same lines differently, Then the merge is refused and names the page', () => {
    const ours = apply(base, [{ operation: 'update_page', page: intro.id, document: { markdown: 'line 1\nOURS\nline 3\nline 4\nline 5' } }]);
    const theirs = apply(base, [{ operation: 'update_page', page: intro.id, document: { markdown: 'line 1\nTHEIRS\nline 3\nline 4\nline 5' } }]);
    const r = merge(base, ours, theirs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.conflicts).toEqual([{ pageId: intro.id, title: 'Intro', reason: expect.stringContaining('same lines') }]);
  });

  test('When both sides make the same change, Then it is no conflict', () => {
    const change: ContentChange[] = [{ operation: 'update_page', page: setup.id, title: 'Same', document: { markdown: 'same' } }];
    const r = merge(base, apply(base, change), apply(base, change));
    expect(r.ok).toBe(true);
  });

  test('When a page is edited on one side and deleted on the other, Then it is a conflict', () => {
    const r = merge(base, apply(base, [{ operation: 'update_page', page: faq.id, title: 'FAQ 2' }]), apply(base, [{ operation: 'delete_page', page: faq.id }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.conflicts[0]).toMatchObject({ pageId: faq.id, reason: expect.stringContaining('deleted') });
  });

  test('When both sides rename one page differently, Then it is a conflict on its title', () => {
    const r = merge(base, apply(base, [{ operation: 'update_page', page: faq.id, title: 'A' }]), apply(base, [{ operation: 'update_page', page: faq.id, title: 'B' }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.conflicts[0].reason).toMatch(/"title" changed on both sides/);
  });

  test('When the sides move two pages into each other, Then it is a conflict', () => {
    const r = merge(base, apply(base, [{ operation: 'update_page', page: setup.id, into: faq.id }]), apply(base, [{ operation: 'update_page', page: faq.id, into: setup.id }]));
    expect(r.ok).toBe(false);
  });

  test('When one side reorders and the other adds a page, Then the order is kept and the new page follows its predecessor', () => {
    const ours = apply(base, [{ operation: 'update_page', page: faq.id, at: 0 }]);
    const theirs = apply(base, [{ operation: 'insert_page', title: 'After setup', at: 2, document: {} }]);
    const r = merge(base, ours, theirs);
    if (!r.ok) throw new Error(JSON.stringify(r.conflicts));
    expect(r.content.pages.map((p) => p.title)).toEqual(['FAQ', 'Intro', 'Setup', 'After setup']);
  });

  test('When both sides add a root page with the same slug, Then it is a conflict', () => {
    const r = merge(base, apply(base, [{ operation: 'insert_page', title: 'Dup', document: {} }]), apply(base, [{ operation: 'insert_page', title: 'Dup', document: {} }]));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.conflicts[0].reason).toMatch(/slug "dup"/);
  });
});

describe('merging pages written as JSON documents', () => {
  const tabs = (windows: string, mac: string) => ({
    object: 'document',
    data: {},
    nodes: [
      docTabs([
        ['Windows', windows],
        ['Mac', mac],
      ]),
    ],
  });

  test('When each side edits a different tab of one page, Then the merge does not conflict and keeps both edits', () => {
    const start = apply(emptyContent(), [{ operation: 'insert_page', title: 'Install', document: { document: tabs('Run the installer.', 'brew install kit') } }]);
    const page = start.pages[0].id;
    const ours = apply(start, [{ operation: 'update_page', page, document: { document: tabs('Run setup.exe.', 'brew install kit') } }]);
    const theirs = apply(start, [{ operation: 'update_page', page, document: { document: tabs('Run the installer.', 'brew install --cask kit') } }]);
    const merged = merge(start, ours, theirs);
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    expect(doc(merged.content, 'Install')).toBe(
      '{% tabs %}\n{% tab title="Windows" %}\nRun setup.exe.\n{% endtab %}\n\n{% tab title="Mac" %}\nbrew install --cask kit\n{% endtab %}\n{% endtabs %}',
    );
  });
});

describe('merging reusable contents (docs/adr/0109)', () => {
  const withSnippets = apply(emptyContent(), [
    { operation: 'insert_reusable_content', title: 'One', document: { markdown: 'a\nb\nc\nd\ne' } },
    { operation: 'insert_reusable_content', title: 'Two', document: { markdown: 'two' } },
  ]);
  const [one, two] = withSnippets.reusableContents;
  const markdownOf = (c: RevisionContent, id: string) => store.get(c.reusableContents.find((r) => r.id === id)!.documentHash!);

  test('When the sides edit different lines, rename, add and delete, Then everything combines', () => {
    const ours = apply(withSnippets, [
      { operation: 'update_reusable_content', reusableContent: one.id, document: { markdown: 'A\nb\nc\nd\ne' } },
      { operation: 'insert_reusable_content', title: 'Ours', document: { markdown: 'ours' } },
    ]);
    const theirs = apply(withSnippets, [
      { operation: 'update_reusable_content', reusableContent: one.id, title: 'First', document: { markdown: 'a\nb\nc\nd\nE' } },
      { operation: 'delete_reusable_content', reusableContent: two.id },
      { operation: 'insert_reusable_content', title: 'Theirs', document: { markdown: 'theirs' } },
    ]);
    const r = merge(withSnippets, ours, theirs);
    if (!r.ok) throw new Error(JSON.stringify(r.conflicts));
    expect(r.content.reusableContents.map((x) => x.title)).toEqual(['First', 'Ours', 'Theirs']);
    expect(markdownOf(r.content, one.id)).toBe('A\nb\nc\nd\nE');
  });

  test('When both sides change the same lines, or one edits what the other deleted, Then the merge is refused naming the reusable content', () => {
    const ours = apply(withSnippets, [{ operation: 'update_reusable_content', reusableContent: one.id, document: { markdown: 'ours' } }]);
    const theirs = apply(withSnippets, [
      { operation: 'update_reusable_content', reusableContent: one.id, document: { markdown: 'theirs' } },
      { operation: 'delete_reusable_content', reusableContent: two.id },
    ]);
    const oursEditsTwo = apply(ours, [{ operation: 'update_reusable_content', reusableContent: two.id, title: 'Two edited' }]);
    const r = merge(withSnippets, oursEditsTwo, theirs);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.conflicts).toEqual([
      { pageId: '', title: 'reusable content "One"', reason: 'its document was changed on both sides in the same lines' },
      { pageId: '', title: 'reusable content "Two edited"', reason: 'edited on one side and deleted on the other' },
    ]);
  });
});
