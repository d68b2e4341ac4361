import { treeOrder } from '@dp/ordering';
import { pagePaths } from './tree';
import type { FileEntry, PageNode, ReusableContentEntry, RevisionContent } from './types';

/** A page as a change names it, with its path in the tree it was read from. */
export interface ChangedPage {
  page: PageNode;
  path: string;
}

/** Before and after of one attribute; a side is absent where the attribute was not set. */
export interface AttributeChange<T = unknown> {
  before?: T;
  after?: T;
}

/** Each changed attribute of `T` among `K`, with its two sides. */
export type AttributeChanges<T, K extends keyof T> = { [P in K]?: AttributeChange<NonNullable<T[P]>> };
type PageAttribute = 'title' | 'description' | 'slug' | 'documentHash' | 'emoji' | 'layout';
type FileAttribute = 'name' | 'blobHash' | 'size' | 'contentType' | 'dimensions';
export type PageAttributeChanges = AttributeChanges<PageNode, PageAttribute>;
export type FileAttributeChanges = AttributeChanges<FileEntry, FileAttribute>;

export type SemanticChange =
  | { type: 'page_created' | 'page_deleted'; page: ChangedPage }
  | { type: 'page_edited'; page: ChangedPage; attributes: PageAttributeChanges }
  | { type: 'page_moved'; page: ChangedPage; parent: { before?: ChangedPage; after?: ChangedPage } }
  | { type: 'file_created' | 'file_deleted'; file: FileEntry }
  | { type: 'file_edited'; file: FileEntry; was: FileEntry; attributes: FileAttributeChanges }
  | { type: 'variables_edited'; variables: AttributeChanges<RevisionContent['variables'], string> }
  | { type: 'reusable_content_created' | 'reusable_content_deleted'; reusableContent: ReusableContentEntry }
  | { type: 'reusable_content_edited'; reusableContent: ReusableContentEntry; attributes: AttributeChanges<ReusableContentEntry, 'title' | 'documentHash'> };

/**
 * The attributes a page change reports (the official RevisionPage*ChangeAttributes): a document's title,
 * description, slug, document, emoji and layout; a group's title, emoji and slug. A document's content is named
 * by its document id (the hash it is stored under).
 */
const PAGE_ATTRIBUTES: Record<PageNode['type'], readonly PageAttribute[]> = {
  document: ['title', 'description', 'slug', 'documentHash', 'emoji', 'layout'],
  group: ['title', 'emoji', 'slug'],
};
const FILE_ATTRIBUTES: readonly FileAttribute[] = ['name', 'blobHash', 'size', 'contentType', 'dimensions'];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const present = <T>(value: T): value is NonNullable<T> => value !== undefined && value !== null;

function attributeChanges<T, K extends keyof T>(before: T, after: T, keys: readonly K[]): AttributeChanges<T, K> {
  const changes: AttributeChanges<T, K> = {};
  for (const key of keys) {
    const [was, now] = [before[key], after[key]];
    if (same(was, now)) continue;
    changes[key] = { ...(present(was) ? { before: was } : {}), ...(present(now) ? { after: now } : {}) };
  }
  return changes;
}

/**
 * What changed from `before` to `after` (issue 26: a revision against its parent, a change request against its
 * base), in a stable order: the pages of `after` in reading order (created, edited, moved to another parent), then
 * the pages deleted, in `before`'s reading order; the files likewise; then the variables; then the reusable contents
 * like the files. A page that moved
 * within the same parent is not reported (its siblings' indexes shift with every insert), nor are settings the
 * official attributes do not name (hidden, indexing, icon, condition). Pure.
 */
export function semanticChanges(before: RevisionContent, after: RevisionContent): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const [pathsBefore, pathsAfter] = [pagePaths(before.pages), pagePaths(after.pages)];
  const pagesBefore = new Map(before.pages.map((page) => [page.id, page]));
  const pagesAfter = new Map(after.pages.map((page) => [page.id, page]));
  const inBefore = (id: string | null) => (id === null ? undefined : { page: pagesBefore.get(id)!, path: pathsBefore.get(id)! });
  const inAfter = (id: string | null) => (id === null ? undefined : { page: pagesAfter.get(id)!, path: pathsAfter.get(id)! });

  for (const page of treeOrder(after.pages)) {
    const was = pagesBefore.get(page.id);
    const changed = inAfter(page.id)!;
    if (!was) {
      changes.push({ type: 'page_created', page: changed });
      continue;
    }
    // A page whose type changed is compared by what both types report.
    const keys = PAGE_ATTRIBUTES[page.type].filter((key) => PAGE_ATTRIBUTES[was.type].includes(key));
    const attributes = attributeChanges(was, page, keys);
    if (Object.keys(attributes).length) changes.push({ type: 'page_edited', page: changed, attributes });
    if (was.parent !== page.parent) changes.push({ type: 'page_moved', page: changed, parent: { before: inBefore(was.parent), after: inAfter(page.parent) } });
  }
  for (const page of treeOrder(before.pages)) if (!pagesAfter.has(page.id)) changes.push({ type: 'page_deleted', page: inBefore(page.id)! });

  const filesBefore = new Map(before.files.map((file) => [file.id, file]));
  const filesAfter = new Set(after.files.map((file) => file.id));
  for (const file of after.files) {
    const was = filesBefore.get(file.id);
    if (!was) changes.push({ type: 'file_created', file });
    else {
      const attributes = attributeChanges(was, file, FILE_ATTRIBUTES);
      if (Object.keys(attributes).length) changes.push({ type: 'file_edited', file, was, attributes });
    }
  }
  for (const file of before.files) if (!filesAfter.has(file.id)) changes.push({ type: 'file_deleted', file });

  const names = [...new Set([...Object.keys(before.variables), ...Object.keys(after.variables)])].sort();
  const variables = attributeChanges(before.variables, after.variables, names);
  if (Object.keys(variables).length) changes.push({ type: 'variables_edited', variables });

  const reusableBefore = new Map(before.reusableContents.map((r) => [r.id, r]));
  const reusableAfter = new Set(after.reusableContents.map((r) => r.id));
  for (const reusableContent of after.reusableContents) {
    const was = reusableBefore.get(reusableContent.id);
    if (!was) changes.push({ type: 'reusable_content_created', reusableContent });
    else {
      const attributes = attributeChanges(was, reusableContent, ['title', 'documentHash'] as const);
      if (Object.keys(attributes).length) changes.push({ type: 'reusable_content_edited', reusableContent, attributes });
    }
  }
  for (const reusableContent of before.reusableContents) if (!reusableAfter.has(reusableContent.id)) changes.push({ type: 'reusable_content_deleted', reusableContent });
  return changes;
}
