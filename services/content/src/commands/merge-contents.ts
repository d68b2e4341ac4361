import { HttpError } from '@dp/http';
import type { Knex } from 'knex';
import { loadDocuments } from '../data/documents';
import type { RevisionContent } from '../domain/revision/types';
import { hashDocument } from '../domain/revision/markdown';
import { mergeContents } from '../domain/revision/merge';

/**
 * Runs the three-way merge with the documents it needs loaded, and turns conflicts into a 409 that names
 * each conflicting page.
 */
export async function mergeOrRefuse(db: Knex, base: RevisionContent, ours: RevisionContent, theirs: RevisionContent): Promise<{ content: RevisionContent; documents: Map<string, string> }> {
  const hashes = [...base.pages, ...ours.pages, ...theirs.pages].map((p) => p.documentHash).filter((h): h is string => !!h);
  const documents = await loadDocuments(db, hashes);
  const result = mergeContents({ base, ours, theirs, documentOf: (h) => documents.get(h) ?? '', hash: hashDocument });
  if (!result.ok) {
    const list = result.conflicts.map((c) => (c.pageId ? `"${c.title}" (${c.pageId}): ${c.reason}` : `${c.title}: ${c.reason}`)).join('; ');
    throw new HttpError(409, `Merge conflicts: ${list}`);
  }
  return { content: result.content, documents: result.documents };
}
