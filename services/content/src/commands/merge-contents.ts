import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { HttpError } from '@dp/http';
import type { ContentContext } from '../context';
import type { ChangeRequestRow } from '../data/change-requests';
import { storeDocuments } from '../data/documents';
import { contentOf, findRevisions, insertRevision, type RevisionRow } from '../data/revisions';
import type { SpaceRow } from '../data/spaces';
import { mergeBase } from '../domain/change-request-status';
import { changedPageIds } from '../domain/revision/diff';
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
  const documents = await loadDocuments(db, documentsToMerge(base, ours, theirs));
  const result = mergeContents({ base, ours, theirs, documentOf: (h) => documents.get(h) ?? '', hash: hashDocument });
  if (!result.ok) {
    const list = result.conflicts.map((c) => (c.pageId ? `"${c.title}" (${c.pageId}): ${c.reason}` : `${c.title}: ${c.reason}`)).join('; ');
    throw new HttpError(409, `Merge conflicts: ${list}`);
  }
  return { content: result.content, documents: result.documents };
}

/**
 * The documents a merge may read line by line: those of a page or reusable content whose document both sides
 * changed. Every other one is taken whole from the side that changed it (a merge into a 100,000-page space
 * loaded every document of the three trees).
 */
function documentsToMerge(base: RevisionContent, ours: RevisionContent, theirs: RevisionContent): string[] {
  const hashes = new Set<string>();
  const each = <T extends { id: string; documentHash: string | null }>(of: (c: RevisionContent) => T[]) => {
    const [b, t] = [new Map(of(base).map((x) => [x.id, x.documentHash])), new Map(of(theirs).map((x) => [x.id, x.documentHash]))];
    for (const o of of(ours)) {
      const [hb, ht] = [b.get(o.id), t.get(o.id)];
      if (hb === undefined || ht === undefined || o.documentHash === hb || ht === hb || o.documentHash === ht) continue;
      for (const hash of [hb, o.documentHash, ht]) if (hash) hashes.add(hash);
    }
  };
  each((c) => c.pages);
  each((c) => c.reusableContents);
  return [...hashes];
}

/**
 * The one write path of merges and updates: the three-way merge of `ours` and `theirs` against the change
 * request's base, stored as a new revision (parents: ours, then theirs) with its `content.revision.created`.
 * Into main (a merge): ours is the live revision, theirs the change request's. Into the change request (an
 * update): the reverse. When ours has not moved since the base, theirs is taken as it is.
 */
export async function writeMergedRevision(
  ctx: ContentContext,
  trx: Knex.Transaction,
  { space, cr, userId, into }: { space: SpaceRow; cr: ChangeRequestRow; userId: string; into: 'main' | 'change-request' },
): Promise<{ revision: RevisionRow; live: RevisionRow }> {
  const revisions = await findRevisions(trx, space.id, [mergeBase(cr), space.revision_id, cr.revision_id]);
  const [base, live, head] = [revisions.get(mergeBase(cr)), revisions.get(space.revision_id), revisions.get(cr.revision_id)];
  if (!base || !live || !head) throw new Error(`revisions of change request ${cr.id} are missing`);
  const [ours, theirs] = into === 'main' ? [live, head] : [head, live];
  const merged =
    ours.id === base.id ? { content: contentOf(theirs), documents: new Map<string, string>() } : await mergeOrRefuse(trx, contentOf(base), contentOf(ours), contentOf(theirs));
  await storeDocuments(trx, merged.documents);
  const revision = await insertRevision(trx, {
    id: newId(),
    space_id: space.id,
    parents: [ours.id, theirs.id],
    created_by: userId,
    type: into === 'main' ? 'merge' : 'update',
    change_request_id: cr.id,
    content: merged.content,
  });
  await ctx.emit(
    trx,
    ContentEvents.REVISION_CREATED,
    {
      revisionId: revision.id,
      spaceId: space.id,
      organizationId: space.organization_id,
      changeRequestId: cr.id,
      live: into === 'main',
      parents: revision.parents,
      changedPages: changedPageIds(contentOf(ours), merged.content),
    },
    space.id,
  );
  return { revision, live };
}
