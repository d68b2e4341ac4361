import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { updateChangeRequest } from '../data/change-requests';
import { storeDocuments } from '../data/documents';
import { contentOf, findRevisions, insertRevision } from '../data/revisions';
import { updateSpace } from '../data/spaces';
import { mergeBase } from '../domain/change-request-status';
import { changedPageIds } from '../domain/revision/diff';
import { loadChangeRequest } from './load-change-request';
import { mergeOrRefuse } from './merge-contents';
import { emitSpaceUpdated } from './space-events';

/**
 * Merges a change request into main: a three-way merge of main and the change request against their last
 * common revision. The result becomes the space's live revision; a conflict refuses with 409.
 */
export async function mergeChangeRequest(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string): Promise<{ revision: string; result: 'merge' }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'merge', { editable: true });
    const revisions = await findRevisions(trx, space.id, [mergeBase(cr), space.revision_id, cr.revision_id]);
    const [base, live, head] = [revisions.get(mergeBase(cr)), revisions.get(space.revision_id), revisions.get(cr.revision_id)];
    if (!base || !live || !head) throw new Error(`revisions of change request ${cr.id} are missing`);
    const merged =
      live.id === base.id
        ? { content: contentOf(head), documents: new Map<string, string>() } // main has not moved: take the change request as is
        : await mergeOrRefuse(trx, contentOf(base), contentOf(live), contentOf(head));
    await storeDocuments(trx, merged.documents);
    const revision = await insertRevision(trx, {
      id: newId(),
      space_id: space.id,
      parents: [live.id, head.id],
      created_by: userId,
      type: 'merge',
      change_request_id: cr.id,
      content: merged.content,
    });
    await updateSpace(trx, space.id, { revision_id: revision.id });
    await updateChangeRequest(trx, cr.id, { status: 'merged', revision_merged: revision.id, merged_by: userId, merged_at: new Date() });
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      {
        revisionId: revision.id,
        spaceId: space.id,
        organizationId: space.organization_id,
        changeRequestId: cr.id,
        live: true,
        parents: revision.parents,
        changedPages: changedPageIds(contentOf(live), merged.content),
      },
      space.id,
    );
    await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_MERGED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, revisionId: revision.id, mergedBy: userId }, space.id);
    await emitSpaceUpdated(ctx, trx, space.id);
    return { revision: revision.id, result: 'merge' as const };
  });
}
