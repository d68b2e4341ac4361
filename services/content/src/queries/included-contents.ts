import type { Knex } from 'knex';
import { loadDocuments } from '../data/documents';
import type { RevisionRow } from '../data/revisions';
import { expandIncludes, includedIds, includedIdsOfDocument, inlineReusableContents } from '../domain/revision/includes';
import type { ReusableContentEntry } from '../domain/revision/types';

/**
 * Pages' markdown as readers see it (docs/adr/0109): each include of a reusable content of the revision replaced by
 * its markdown, read in one query for all of `markdowns` (by whatever key the caller holds them).
 */
export async function withIncludes<K>(db: Knex, revision: Pick<RevisionRow, 'reusable_contents'>, markdowns: ReadonlyMap<K, string>): Promise<Map<K, string>> {
  const ids = new Set([...markdowns.values()].flatMap(includedIds));
  if (ids.size === 0) return new Map(markdowns);
  const entries = revision.reusable_contents.filter((r) => ids.has(r.id));
  const documents = await loadDocuments(db, entries.flatMap((r) => (r.documentHash ? [r.documentHash] : [])));
  const byId = new Map(entries.map((r) => [r.id, r.documentHash ? (documents.get(r.documentHash) ?? '') : '']));
  return new Map([...markdowns].map(([key, markdown]) => [key, expandIncludes(markdown, (id) => byId.get(id))]));
}

/**
 * A page's JSON document with the reusable contents it includes inlined (the official `dereferenced`): each one's
 * document read by `documentOf` (as stored, else from its markdown).
 */
export async function dereferencedDocument(
  revision: Pick<RevisionRow, 'reusable_contents'>,
  document: unknown,
  documentOf: (reusable: ReusableContentEntry) => Promise<unknown>,
): Promise<unknown> {
  const ids = new Set(includedIdsOfDocument(document));
  if (ids.size === 0) return document;
  const nodes = new Map<string, unknown[]>();
  for (const reusable of revision.reusable_contents.filter((r) => ids.has(r.id))) {
    const included = await documentOf(reusable);
    nodes.set(reusable.id, typeof included === 'object' && included !== null && 'nodes' in included && Array.isArray(included.nodes) ? included.nodes : []);
  }
  return inlineReusableContents(document, (id) => nodes.get(id));
}
