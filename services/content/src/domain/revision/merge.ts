import { diff3Merge } from 'node-diff3';
import { childrenByParent } from '@dp/ordering';
import type { FileEntry, PageNode, ReusableContentEntry, RevisionContent } from './types';

/**
 * Three-way merge of revision contents: `base` is the common ancestor, `ours` and `theirs` the two sides
 * (main and the change request, or the reverse for an update). Independent edits combine, page by page and
 * attribute by attribute; documents edited on both sides are merged line by line (diff3). A true conflict
 * (same attribute or overlapping lines changed differently, a page edited on one side and deleted on the
 * other, a move that would create a cycle, two siblings with one slug) refuses the merge and names the pages.
 */
export interface MergeConflict {
  pageId: string;
  title: string;
  reason: string;
}

export interface MergeInput {
  base: RevisionContent;
  ours: RevisionContent;
  theirs: RevisionContent;
  /** Markdown of a stored document by hash (only asked for documents changed on both sides). */
  documentOf(hash: string): string;
  hash(markdown: string): string;
}

export type MergeResult =
  | { ok: true; content: RevisionContent; documents: Map<string, string> }
  | { ok: false; conflicts: MergeConflict[] };

const ATTRIBUTES = ['parent', 'type', 'title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition', 'layout'] as const;

/** Merges one attribute into `page` (a copy of ours); false when both sides changed it differently. */
function mergeAttribute<K extends (typeof ATTRIBUTES)[number]>(page: PageNode, attribute: K, pb: PageNode, po: PageNode, pt: PageNode): boolean {
  const r = merge3(pb[attribute], po[attribute], pt[attribute]);
  if ('conflict' in r) return false;
  if (r.value === undefined) delete page[attribute];
  else page[attribute] = r.value;
  return true;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Scalar three-way merge: one side's change wins over no change; two different changes conflict. */
function merge3<T>(base: T, ours: T, theirs: T): { value: T } | { conflict: true } {
  if (same(ours, theirs)) return { value: ours };
  if (same(ours, base)) return { value: theirs };
  if (same(theirs, base)) return { value: ours };
  return { conflict: true };
}

export function mergeContents(input: MergeInput): MergeResult {
  const { base, ours, theirs } = input;
  const byId = (c: RevisionContent) => new Map(c.pages.map((p) => [p.id, p]));
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const conflicts: MergeConflict[] = [];
  const documents = new Map<string, string>();
  const merged = new Map<string, PageNode>();
  const conflict = (page: PageNode, reason: string) => conflicts.push({ pageId: page.id, title: page.title, reason });

  const ids = new Set([...o.keys(), ...t.keys(), ...b.keys()]);
  for (const id of ids) {
    const [pb, po, pt] = [b.get(id), o.get(id), t.get(id)];
    if (!pb) {
      // Added on one side (ids are never reused, so not on both).
      merged.set(id, po ?? pt!);
      continue;
    }
    // A side that holds the base's very object did not touch the page: the other side's is the result. Revisions
    // share the objects of the chunks they share (docs/adr/0114), so a merge into a large space copies only the
    // pages it changes, and their chunks are not serialized again (issue 28).
    if (po && pt && (po === pb || po === pt)) {
      merged.set(id, pt);
      continue;
    }
    if (po && pt === pb) {
      merged.set(id, po);
      continue;
    }
    if (!po && !pt) continue; // deleted on both sides
    if (!po || !pt) {
      const kept = (po ?? pt)!;
      if (same(kept, pb)) continue; // deleted on one side, untouched on the other
      conflict(kept, `edited on one side and deleted on the other`);
      continue;
    }
    const page: PageNode = { ...po };
    for (const attribute of ATTRIBUTES) {
      if (!mergeAttribute(page, attribute, pb, po, pt)) conflict(po, `"${attribute}" changed on both sides`);
    }
    const doc = mergeDocument(pb.documentHash, po.documentHash, pt.documentHash, input, documents);
    if (doc === 'conflict') conflict(po, 'its document was changed on both sides in the same lines');
    else page.documentHash = doc;
    page.updatedAt = po.updatedAt > pt.updatedAt ? po.updatedAt : pt.updatedAt;
    merged.set(id, page);
  }

  // A page whose parent is gone from the result (deleted on the other side) would be orphaned.
  for (const page of merged.values()) {
    if (page.parent && !merged.has(page.parent)) conflict(page, 'its parent page was deleted on the other side');
  }
  if (!conflicts.length) {
    const cycle = findCycle([...merged.values()]);
    if (cycle) conflict(cycle, 'the two sides moved pages into each other');
  }
  if (conflicts.length) return { ok: false, conflicts: dedupe(conflicts) };

  const pages = orderSiblings(base, ours, theirs, merged);
  for (const [parent, siblings] of childrenByParent(pages)) {
    const seen = new Map<string, PageNode>();
    for (const page of siblings) {
      const other = seen.get(page.slug);
      if (other) conflict(page, `its slug "${page.slug}" is also used by "${other.title}" under the same parent${parent ? '' : ' (root)'}`);
      seen.set(page.slug, page);
    }
  }
  const variables = mergeVariables(base, ours, theirs, conflicts);
  const reusableContents = mergeReusableContents(input, documents, conflicts);
  if (conflicts.length) return { ok: false, conflicts: dedupe(conflicts) };
  return { ok: true, content: { pages, files: mergeFiles(base.files, ours.files, theirs.files), variables, reusableContents }, documents };
}

/**
 * Reusable contents merge like pages (docs/adr/0109): added on either side, deleted where the other side left them
 * alone, titles as scalars, documents line by line; ours first in our order, then what theirs added.
 */
function mergeReusableContents(input: MergeInput, documents: Map<string, string>, conflicts: MergeConflict[]): ReusableContentEntry[] {
  const byId = (c: RevisionContent) => new Map(c.reusableContents.map((r) => [r.id, r]));
  const [b, o, t] = [byId(input.base), byId(input.ours), byId(input.theirs)];
  const conflict = (entry: ReusableContentEntry, reason: string) => conflicts.push({ pageId: '', title: `reusable content "${entry.title}"`, reason });
  const out: ReusableContentEntry[] = [];
  const order = [...o.keys(), ...[...t.keys()].filter((id) => !o.has(id))];
  for (const id of [...order, ...[...b.keys()].filter((id) => !o.has(id) && !t.has(id))]) {
    const [rb, ro, rt] = [b.get(id), o.get(id), t.get(id)];
    if (!rb) {
      out.push({ ...(ro ?? rt)! });
      continue;
    }
    if (!ro && !rt) continue;
    if (!ro || !rt) {
      const kept = (ro ?? rt)!;
      if (!same(kept, rb)) conflict(kept, 'edited on one side and deleted on the other');
      continue;
    }
    const entry = { ...ro };
    const title = merge3(rb.title, ro.title, rt.title);
    if ('conflict' in title) conflict(ro, '"title" changed on both sides');
    else entry.title = title.value;
    const doc = mergeDocument(rb.documentHash, ro.documentHash, rt.documentHash, input, documents);
    if (doc === 'conflict') conflict(ro, 'its document was changed on both sides in the same lines');
    else entry.documentHash = doc;
    entry.updatedAt = ro.updatedAt > rt.updatedAt ? ro.updatedAt : rt.updatedAt;
    out.push(entry);
  }
  return out;
}

function mergeDocument(base: string | null, ours: string | null, theirs: string | null, input: MergeInput, out: Map<string, string>): string | null | 'conflict' {
  const r = merge3(base, ours, theirs);
  if ('value' in r) return r.value;
  const split = (hash: string | null) => (hash ? input.documentOf(hash) : '').split('\n');
  const regions = diff3Merge(split(ours), split(base), split(theirs));
  const lines: string[] = [];
  for (const region of regions) {
    if (region.ok) lines.push(...region.ok);
    else return 'conflict';
  }
  const markdown = lines.join('\n');
  const hash = input.hash(markdown);
  out.set(hash, markdown);
  return hash;
}

/**
 * Sibling order: start from the side that reordered (relative to base) and add, after the sibling that
 * precedes them on their own side, the pages the other side added or moved in.
 */
function orderSiblings(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent, merged: Map<string, PageNode>): PageNode[] {
  const order = (content: RevisionContent) => {
    const map = new Map<string | null, string[]>();
    for (const page of content.pages) map.set(page.parent, [...(map.get(page.parent) ?? []), page.id]);
    return map;
  };
  const [ob, oo, ot] = [order(base), order(ours), order(theirs)];
  const parents = new Set<string | null>([...merged.values()].map((p) => p.parent));
  const result: PageNode[] = [];
  for (const parent of parents) {
    const members = new Set([...merged.values()].filter((p) => p.parent === parent).map((p) => p.id));
    const common = (list: string[] | undefined) => (list ?? []).filter((id) => members.has(id) && (ob.get(parent) ?? []).includes(id));
    const theirsReordered = !same(common(ot.get(parent)), common(ob.get(parent)));
    const oursReordered = !same(common(oo.get(parent)), common(ob.get(parent)));
    const [primary, secondary] = theirsReordered && !oursReordered ? [ot.get(parent) ?? [], oo.get(parent) ?? []] : [oo.get(parent) ?? [], ot.get(parent) ?? []];
    const list = primary.filter((id) => members.has(id));
    for (let i = 0; i < secondary.length; i++) {
      const id = secondary[i];
      if (!members.has(id) || list.includes(id)) continue;
      const before = secondary.slice(0, i).reverse().find((prev) => list.includes(prev));
      list.splice(before ? list.indexOf(before) + 1 : 0, 0, id);
    }
    for (const id of members) if (!list.includes(id)) list.push(id);
    result.push(...list.map((id) => merged.get(id)!));
  }
  return result;
}

function findCycle(pages: PageNode[]): PageNode | undefined {
  const byId = new Map(pages.map((p) => [p.id, p]));
  for (const page of pages) {
    const seen = new Set<string>();
    for (let p: PageNode | undefined = page; p?.parent; p = byId.get(p.parent)) {
      if (seen.has(p.id)) return page;
      seen.add(p.id);
    }
  }
  return undefined;
}

function mergeFiles(base: FileEntry[], ours: FileEntry[], theirs: FileEntry[]): FileEntry[] {
  const out = new Map(ours.map((f) => [f.id, f]));
  for (const f of theirs) if (!out.has(f.id) && !base.some((b) => b.id === f.id)) out.set(f.id, f);
  return [...out.values()];
}

function mergeVariables(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent, conflicts: MergeConflict[]): Record<string, string> {
  const keys = new Set([...Object.keys(base.variables), ...Object.keys(ours.variables), ...Object.keys(theirs.variables)]);
  const out: Record<string, string> = {};
  for (const key of keys) {
    const r = merge3(base.variables[key], ours.variables[key], theirs.variables[key]);
    if ('conflict' in r) conflicts.push({ pageId: '', title: `variable ${key}`, reason: 'changed on both sides' });
    else if (r.value !== undefined) out[key] = r.value;
  }
  return out;
}

function dedupe(conflicts: MergeConflict[]): MergeConflict[] {
  const seen = new Set<string>();
  return conflicts.filter((c) => {
    const key = `${c.pageId}:${c.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

