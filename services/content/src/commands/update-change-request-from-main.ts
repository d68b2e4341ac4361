import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { updateChangeRequest } from '../data/change-requests';
import { storeDocuments } from '../data/documents';
import { contentOf, findRevisions, insertRevision } from '../data/revisions';
import { isOutdated, mergeBase } from '../domain/change-request-status';
import { changedPageIds } from '../domain/revision/diff';
import { loadChangeRequest } from './load-change-request';
import { mergeOrRefuse } from './merge-contents';

/**
 * Brings main's changes into an outdated change request (three-way merge, the change request's side as
 * "ours"); afterwards it is up to date. Already up to date: nothing changes and its revision is returned.
 */
export async function updateChangeRequestFromMain(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string): Promise<{ revision: string; result: 'update' }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true, editable: true });
    if (!isOutdated(cr, space.revision_id)) return { revision: cr.revision_id, result: 'update' as const };
    const revisions = await findRevisions(trx, space.id, [mergeBase(cr), space.revision_id, cr.revision_id]);
    const [base, live, head] = [revisions.get(mergeBase(cr)), revisions.get(space.revision_id), revisions.get(cr.revision_id)];
    if (!base || !live || !head) throw new Error(`revisions of change request ${cr.id} are missing`);
    const merged = head.id === base.id ? { content: contentOf(live), documents: new Map<string, string>() } : await mergeOrRefuse(trx, contentOf(base), contentOf(head), contentOf(live));
    await storeDocuments(trx, merged.documents);
    const revision = await insertRevision(trx, {
      id: newId(),
      space_id: space.id,
      parents: [head.id, live.id],
      created_by: userId,
      type: 'update',
      change_request_id: cr.id,
      content: merged.content,
    });
    const updated = await updateChangeRequest(trx, cr.id, { revision_id: revision.id, revision_merged_ancestor: live.id });
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      { revisionId: revision.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: cr.id, live: false, parents: revision.parents, changedPages: changedPageIds(contentOf(head), merged.content) },
      space.id,
    );
    await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_UPDATED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: updated.status, changed: ['update'] }, space.id);
    return { revision: revision.id, result: 'update' as const };
  });
}
