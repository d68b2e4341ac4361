import type { Knex } from 'knex';
import { loadDocuments } from '../data/documents';
import type { RevisionRow } from '../data/revisions';
import { expandIncludes, includedIds } from '../domain/revision/includes';

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
