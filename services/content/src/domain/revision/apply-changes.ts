import { createHash } from 'node:crypto';
import type { ContentChange, DocumentInput, FileInput, InsertPageChange, PageMetadataInput, UpdatePageChange } from './changes';
import { MAX_FILE_BYTES } from './changes';
import { hashDocument, hashWrittenDocument, leadingHeading, parseFrontmatter, rewriteLinks, slugify } from './markdown';
import { revertBlocks } from './blocks';
import { markdownFromDocument } from './document-to-markdown';
import { subtreeIds } from './tree';
import { ContentError, type FileEntry, type PageNode, type ReusableContentEntry, type RevisionContent } from './types';

export interface ApplyContext {
  now: string;
  newId(): string;
  /** Content of revisions a `revert_page` may name; `undefined` key: the change request's base revision. */
  revisions: Map<string | undefined, RevisionContent>;
  /** Markdown by document hash of the pages a `revert_page` with `block` touches (now and in its revision). */
  documents?: ReadonlyMap<string, string>;
  /** Why a JSON document is not an official one (the official schema, docs/adr/0072), naming its path under `where`. */
  checkDocument?: (document: unknown, where: string) => string | undefined;
}

export type PageOutcome = { object: 'created_page' | 'updated_page' | 'deleted_page'; page: string; ref?: string };

export interface ApplyResult {
  content: RevisionContent;
  /** New markdown documents by hash, to store. */
  documents: Map<string, string>;
  /** The JSON documents pages were written with, by the hash of their row in `documents` (docs/adr/0072). */
  writtenDocuments: Map<string, unknown>;
  /** New file bytes by hash, to store. */
  blobs: Map<string, { bytes: Buffer; contentType: string }>;
  outcomes: PageOutcome[];
  insertedFiles: FileEntry[];
  /** Every page created, updated or deleted. */
  changedPageIds: string[];
}

/**
 * Applies a batch of changes to a revision's content and returns the next content: all or nothing, any
 * invalid change throws a ContentError naming it. Pure: ids and time come from `ctx`.
 */
export function applyChanges(base: RevisionContent, changes: ContentChange[], ctx: ApplyContext): ApplyResult {
  // Copy on write (issue 28): the base's page objects are the kept revision's and its chunks', so a page is copied
  // when this batch changes it and the others stay the same objects (which also lets their chunks be stored
  // without being serialized again, data/page-chunks.ts). Every change reaches a page through `pageAt`.
  const pages = [...base.pages];
  const owned = new WeakSet<PageNode>();
  const pageAt = (id: string): PageNode | undefined => {
    const index = pages.findIndex((p) => p.id === id);
    if (index < 0) return undefined;
    if (!owned.has(pages[index])) {
      pages[index] = { ...pages[index] };
      owned.add(pages[index]);
    }
    return pages[index];
  };
  // What inserts look up, built once for a run of inserts (a batch of 50 into a 100,000-page tree walked the tree
  // four times per insert): the ids, and each parent's children in tree order. Any other change drops them.
  let ids: Set<string> | undefined;
  /** The pages this batch inserted, by id (the same objects as in `pages`). */
  const made = new Map<string, PageNode>();
  let children: Map<string | null, PageNode[]> | undefined;
  const hasPage = (id: string) => (ids ??= new Set(pages.map((p) => p.id))).has(id);
  const childrenOf = (parent: string | null): PageNode[] => {
    if (!children) {
      children = new Map();
      for (const p of pages) {
        const list = children.get(p.parent);
        if (list) list.push(p);
        else children.set(p.parent, [p]);
      }
    }
    let list = children.get(parent);
    if (!list) children.set(parent, (list = []));
    return list;
  };
  const files = [...base.files];
  const reusableContents = base.reusableContents.map((r) => ({ ...r }));
  // Page or reusable content id -> the new markdown this batch wrote, and the JSON document it was made of (when it was one).
  const contentOf = new Map<string, { markdown: string; written?: unknown }>();
  const blobs = new Map<string, { bytes: Buffer; contentType: string }>();
  const outcomes = new Map<string, PageOutcome>();
  const pageRefs = new Map<string, string>();
  const fileRefs = new Map<string, string>();
  const reusableRefs = new Map<string, string>();
  const insertedFiles: FileEntry[] = [];
  const claimRef = (ref: string, where: string) => {
    if (pageRefs.has(ref) || fileRefs.has(ref) || reusableRefs.has(ref)) throw new ContentError(`${where}: ref "${ref}" is used twice in this batch`);
  };
  const findReusable = (id: string, where: string) => {
    const found = reusableContents.find((r) => r.id === id);
    if (!found) throw new ContentError(`${where}: reusable content ${id} does not exist in this change request`);
    return found;
  };
  const find = (id: string, where: string) => {
    const page = pageAt(id);
    if (!page) throw new ContentError(`${where}: page ${id} does not exist in this change request`);
    return page;
  };
  const touch = (id: string, object: PageOutcome['object'], ref?: string) => {
    const previous = outcomes.get(id);
    if (previous?.object === 'created_page' && object === 'updated_page') return;
    outcomes.set(id, { object, page: id, ...(ref ?? previous?.ref ? { ref: ref ?? previous?.ref } : {}) });
  };

  changes.forEach((change, index) => {
    const where = `body.changes[${index}] (${change.operation})`;
    if (change.operation !== 'insert_page') {
      ids = undefined;
      children = undefined;
    }
    switch (change.operation) {
      case 'insert_page': {
        if (change.ref !== undefined) claimRef(change.ref, where);
        // `into` names a page by id, or by the ref of a page inserted earlier in this batch.
        const parent = change.into === undefined ? null : hasPage(change.into) ? change.into : (pageRefs.get(change.into) ?? change.into);
        if (parent && !hasPage(parent)) throw new ContentError(`${where}: page ${parent} does not exist in this change request`);
        const markdown = markdownInput(change.document, where, ctx);
        // Official: a leading heading names the page when its content is markdown (not a JSON document).
        const meta = metadataFrom(change, markdown, change.document.markdown !== undefined);
        const id = ctx.newId();
        const page: PageNode = {
          id,
          parent,
          type: 'document',
          title: meta.title ?? 'Untitled',
          slug: '',
          hidden: false,
          noIndex: false,
          noRobotsIndex: false,
          documentHash: null,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        };
        applyMetadata(page, meta);
        const siblings = childrenOf(parent);
        page.slug = slugAmong(siblings, id, meta.slug, page.title, where);
        placeAmong(pages, siblings, page, change.at, where);
        ids?.add(id);
        // Made by this batch: changed in place by what follows, never copied.
        owned.add(page);
        made.set(id, page);
        contentOf.set(id, { markdown: markdown ?? '', written: change.document.document });
        if (change.ref !== undefined) pageRefs.set(change.ref, id);
        touch(id, 'created_page', change.ref);
        break;
      }
      case 'update_page': {
        const page = find(change.page, where);
        const markdown = change.document === undefined ? undefined : markdownInput(change.document, where, ctx);
        const meta = metadataFrom(change, markdown, false);
        applyMetadata(page, meta);
        if (meta.slug !== undefined && meta.slug !== page.slug) page.slug = chooseSlug(pages, page.parent, page.id, meta.slug, page.title, where);
        if (change.into !== undefined || change.at !== undefined) movePage(pages, page, change, where);
        if (change.document !== undefined && markdown !== undefined) {
          if (page.type !== 'document') throw new ContentError(`${where}: page ${page.id} is a group and has no document`);
          contentOf.set(page.id, { markdown, written: change.document.document });
        }
        page.updatedAt = ctx.now;
        touch(page.id, 'updated_page');
        break;
      }
      case 'delete_page': {
        find(change.page, where);
        const removed = subtreeIds(pages, change.page);
        for (let i = pages.length - 1; i >= 0; i--) if (removed.has(pages[i].id)) pages.splice(i, 1);
        for (const id of removed) made.delete(id);
        for (const id of removed) {
          contentOf.delete(id);
          if (outcomes.get(id)?.object === 'created_page') outcomes.delete(id);
          else touch(id, 'deleted_page');
        }
        break;
      }
      case 'revert_page': {
        const source = ctx.revisions.get(change.revision);
        if (!source) throw new ContentError(`${where}: revision ${change.revision} does not exist in this space`);
        const before = source.pages.find((p) => p.id === change.page);
        const now = pageAt(change.page);
        if (!before && !now) throw new ContentError(`${where}: page ${change.page} exists neither here nor in the revision`);
        if (change.block?.length) {
          // Only the named blocks of the document; the page's place and properties stay as they are.
          if (!before || !now || now.type !== 'document' || before.type !== 'document') {
            throw new ContentError(`${where}: blocks can only be reverted on a document page that exists both here and in the revision`);
          }
          const current = contentOf.get(now.id)?.markdown ?? documentOf(now, ctx, where);
          try {
            contentOf.set(now.id, { markdown: revertBlocks(current, documentOf(before, ctx, where), change.block) });
          } catch (err) {
            if (err instanceof ContentError) throw new ContentError(`${where}: ${err.message}`);
            throw err;
          }
          now.updatedAt = ctx.now;
          touch(now.id, 'updated_page');
        } else if (!before) {
          // Added since: remove it (and what is below it).
          const removed = subtreeIds(pages, change.page);
          for (let i = pages.length - 1; i >= 0; i--) if (removed.has(pages[i].id)) pages.splice(i, 1);
          for (const id of removed) made.delete(id);
          removed.forEach((id) => touch(id, 'deleted_page'));
        } else if (!now) {
          // Deleted since: bring it back under its old parent if that parent is still here, else at the root.
          const restored = { ...before, parent: before.parent && pages.some((p) => p.id === before.parent) ? before.parent : null };
          restored.slug = chooseSlug(pages, restored.parent, restored.id, undefined, restored.slug, where, true);
          placeAmongSiblings(pages, restored, undefined, where);
          contentOf.delete(restored.id);
          touch(restored.id, 'created_page');
        } else {
          // Content and metadata come back; the page stays where it is in the tree.
          Object.assign(now, { ...before, parent: now.parent, slug: now.slug, updatedAt: ctx.now });
          contentOf.delete(now.id);
          touch(now.id, 'updated_page');
        }
        break;
      }
      case 'insert_files': {
        for (const [i, input] of change.files.entries()) {
          const entry = storeFile(input, `${where}.files[${i}]`, ctx, blobs);
          if (input.ref !== undefined) {
            claimRef(input.ref, `${where}.files[${i}]`);
            fileRefs.set(input.ref, entry.id);
          }
          files.push(entry);
          insertedFiles.push(entry);
        }
        break;
      }
      case 'insert_reusable_content': {
        if (change.ref !== undefined) claimRef(change.ref, where);
        const entry: ReusableContentEntry = { id: ctx.newId(), title: change.title, documentHash: null, createdAt: ctx.now, updatedAt: ctx.now };
        contentOf.set(entry.id, { markdown: markdownInput(change.document, where, ctx) ?? '', written: change.document.document });
        if (change.ref !== undefined) reusableRefs.set(change.ref, entry.id);
        reusableContents.push(entry);
        break;
      }
      case 'update_reusable_content': {
        const entry = findReusable(change.reusableContent, where);
        if (change.title !== undefined) entry.title = change.title;
        const markdown = change.document === undefined ? undefined : markdownInput(change.document, where, ctx);
        if (change.document !== undefined && markdown !== undefined) contentOf.set(entry.id, { markdown, written: change.document.document });
        entry.updatedAt = ctx.now;
        break;
      }
      case 'delete_reusable_content': {
        const entry = findReusable(change.reusableContent, where);
        reusableContents.splice(reusableContents.indexOf(entry), 1);
        contentOf.delete(entry.id);
        break;
      }
    }
  });

  // Batch-local refs resolve to ids now that every page and file of the batch exists.
  const documents = new Map<string, string>();
  const writtenDocuments = new Map<string, unknown>();
  for (const [id, { markdown, written }] of contentOf) {
    const holder = made.get(id) ?? pageAt(id) ?? reusableContents.find((r) => r.id === id);
    if (!holder) continue;
    const resolved = rewriteLinks(markdown, (href) => resolveRef(href, { pages: pageRefs, files: fileRefs, reusableContents: reusableRefs }));
    holder.documentHash = written === undefined ? hashDocument(resolved) : hashWrittenDocument(written, resolved);
    documents.set(holder.documentHash, resolved);
    if (written !== undefined) writtenDocuments.set(holder.documentHash, written);
  }
  return {
    content: { pages, files, variables: { ...base.variables }, reusableContents },
    documents,
    writtenDocuments,
    blobs,
    outcomes: [...outcomes.values()],
    insertedFiles,
    changedPageIds: [...outcomes.keys()],
  };
}

/** A stored page's markdown (an empty page has none). */
function documentOf(page: PageNode, ctx: ApplyContext, where: string): string {
  if (!page.documentHash) return '';
  const markdown = ctx.documents?.get(page.documentHash);
  if (markdown === undefined) throw new Error(`${where}: document ${page.documentHash} of page ${page.id} was not loaded`);
  return markdown;
}

/** A batch-local ref (`./<ref>`, `<ref>.md`) as the id it names: a page (with its anchor), a file or a reusable content. */
function resolveRef(href: string, refs: { pages: Map<string, string>; files: Map<string, string>; reusableContents: Map<string, string> }): string | undefined {
  const bare = href.replace(/^\.\//, '');
  const [path, anchor] = bare.split('#');
  const pageRef = path.endsWith('.md') ? path.slice(0, -3) : undefined;
  if (pageRef !== undefined && refs.pages.has(pageRef)) return `/pages/${refs.pages.get(pageRef)}${anchor ? `#${anchor}` : ''}`;
  if (refs.files.has(path)) return `/files/${refs.files.get(path)}`;
  if (refs.reusableContents.has(path)) return `/reusable-contents/${refs.reusableContents.get(path)}`;
  if (refs.pages.has(path)) return `/pages/${refs.pages.get(path)}${anchor ? `#${anchor}` : ''}`;
  return undefined;
}

/** The markdown of a page's document input; a GitBook JSON document is converted, since pages are stored as markdown. */
function markdownInput(document: DocumentInput, where: string, ctx: ApplyContext): string | undefined {
  if (document.markdown !== undefined) return document.markdown;
  if (document.document === undefined) return undefined;
  const invalid = ctx.checkDocument?.(document.document, 'document.document');
  if (invalid) throw new ContentError(`${where}: ${invalid}`);
  // Kept: the document is stored as written, so what markdown cannot carry goes in its documented form.
  return markdownFromDocument(document.document, `${where}: document.document`, { kept: true });
}

type Metadata = PageMetadataInput & { layout?: Record<string, unknown> };

/** The page metadata of a change: frontmatter wins over the fields, and (`titleFromHeading`) a leading heading over `title`. */
function metadataFrom(change: InsertPageChange | UpdatePageChange, markdown: string | undefined, titleFromHeading: boolean): Metadata {
  const { attributes, body } = markdown === undefined ? { attributes: {}, body: '' } : parseFrontmatter(markdown);
  const fields: Metadata = {};
  for (const key of ['title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition'] as const) {
    if (change[key] !== undefined) (fields as Record<string, unknown>)[key] = change[key];
  }
  const fromDocument: Metadata = { ...attributes };
  if (titleFromHeading && !fromDocument.title && markdown !== undefined) fromDocument.title = leadingHeading(body);
  for (const key of Object.keys(fromDocument) as Array<keyof Metadata>) if (fromDocument[key] === undefined) delete fromDocument[key];
  return { ...fields, ...fromDocument };
}

function applyMetadata(page: PageNode, meta: Metadata): void {
  if (meta.title !== undefined) page.title = meta.title;
  if (meta.description !== undefined) page.description = meta.description || undefined;
  if (meta.emoji !== undefined) page.emoji = meta.emoji || undefined;
  if (meta.icon !== undefined) page.icon = meta.icon || undefined;
  if (meta.condition !== undefined) page.condition = meta.condition || undefined;
  if (meta.hidden !== undefined) page.hidden = meta.hidden;
  if (meta.noIndex !== undefined) page.noIndex = meta.noIndex;
  if (meta.noRobotsIndex !== undefined) page.noRobotsIndex = meta.noRobotsIndex;
  if (meta.layout) page.layout = { ...page.layout, ...meta.layout };
  for (const key of Object.keys(page) as Array<keyof PageNode>) if (page[key] === undefined) delete page[key];
}

/**
 * A slug is unique among siblings. An explicit one that collides is refused; one derived from the title
 * gets a numeric suffix instead (`setup`, `setup-2`).
 */
export function chooseSlug(pages: PageNode[], parent: string | null, selfId: string, explicit: string | undefined, title: string, where: string, fromExisting = false): string {
  return slugAmong(
    pages.filter((p) => p.parent === parent),
    selfId,
    explicit,
    title,
    where,
    fromExisting,
  );
}

/** chooseSlug among `siblings` (the parent's children), the page itself left out. */
function slugAmong(siblings: readonly PageNode[], selfId: string, explicit: string | undefined, title: string, where: string, fromExisting = false): string {
  const taken = new Set(siblings.filter((p) => p.id !== selfId).map((p) => p.slug));
  if (explicit !== undefined) {
    if (taken.has(explicit)) throw new ContentError(`${where}: slug "${explicit}" is already used by a sibling page`);
    return explicit;
  }
  const base = fromExisting ? title : slugify(title);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Inserts `page` among the siblings of its parent at index `at` (end when omitted). */
function placeAmongSiblings(pages: PageNode[], page: PageNode, at: number | undefined, where: string): void {
  placeAmong(
    pages,
    pages.filter((p) => p.parent === page.parent && p.id !== page.id),
    page,
    at,
    where,
  );
}

/** placeAmongSiblings given the siblings in tree order (the page not among them); they get it too. */
function placeAmong(pages: PageNode[], siblings: PageNode[], page: PageNode, at: number | undefined, where: string): void {
  if (at !== undefined && at > siblings.length) throw new ContentError(`${where}: at ${at} is past the end of the ${siblings.length} sibling pages`);
  if (at === undefined || at === siblings.length) {
    pages.push(page);
    siblings.push(page);
  } else {
    pages.splice(pages.indexOf(siblings[at]), 0, page);
    siblings.splice(at, 0, page);
  }
}

function movePage(pages: PageNode[], page: PageNode, change: UpdatePageChange, where: string): void {
  const parent = change.into === undefined ? page.parent : change.into;
  if (parent) {
    const target = pages.find((p) => p.id === parent);
    if (!target) throw new ContentError(`${where}: page ${parent} does not exist in this change request`);
    if (subtreeIds(pages, page.id).has(parent)) throw new ContentError(`${where}: a page cannot be moved into itself or one of its own sub-pages`);
  }
  const parentChanges = parent !== page.parent;
  if (!parentChanges && change.at === undefined) return;
  pages.splice(pages.indexOf(page), 1);
  if (parentChanges) {
    page.parent = parent;
    page.slug = chooseSlug(pages, parent, page.id, page.slug, page.slug, where);
  }
  placeAmongSiblings(pages, page, change.at, where);
}

/** A file's bytes as stored: content-addressed by their sha256. */
export const blobHashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function storeFile(input: FileInput, where: string, ctx: ApplyContext, blobs: ApplyResult['blobs']): FileEntry {
  if (input.url !== undefined) throw new ContentError(`${where}: a url file must be fetched before its change is applied; send the bytes as base64 with contentType`);
  if (input.base64 === undefined) throw new ContentError(`${where}: base64 is required`);
  if (!input.contentType) throw new ContentError(`${where}: contentType is required with base64`);
  if (!/^[A-Za-z0-9+/=\s]*$/.test(input.base64)) throw new ContentError(`${where}: base64 is not valid base64`);
  const bytes = Buffer.from(input.base64, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw new ContentError(`${where}: the file is larger than 1 MB`);
  const blobHash = blobHashOf(bytes);
  blobs.set(blobHash, { bytes, contentType: input.contentType });
  return {
    id: ctx.newId(),
    name: input.name,
    contentType: input.contentType,
    size: bytes.length,
    blobHash,
    ...imageDimensions(bytes),
  };
}

/** Width and height of PNG and GIF images, read from their headers. */
function imageDimensions(bytes: Buffer): { dimensions?: { width: number; height: number } } {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { dimensions: { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } };
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 3) === 'GIF') return { dimensions: { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) } };
  return {};
}
