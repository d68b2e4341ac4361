import { requireUser, type Caller } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { updateChangeRequest } from '../data/change-requests';
import { isOutdated } from '../domain/change-request-status';
import { loadChangeRequest } from '../queries/load-change-request';
import { writeMergedRevision } from './merge-contents';

/**
 * Brings main's changes into an outdated change request (three-way merge, the change request's side as
 * "ours"); afterwards it is up to date. Already up to date: nothing changes and its revision is returned.
 */
export async function updateChangeRequestFromMain(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string): Promise<{ revision: string; result: 'update' }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true, editable: true });
    if (!isOutdated(cr, space.revision_id)) return { revision: cr.revision_id, result: 'update' as const };
    const { revision, live } = await writeMergedRevision(ctx, trx, { space, cr, userId, into: 'change-request' });
    const updated = await updateChangeRequest(trx, cr.id, { revision_id: revision.id, revision_merged_ancestor: live.id });
    await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_UPDATED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: updated.status, changed: ['update'] }, space.id);
    return { revision: revision.id, result: 'update' as const };
  });
}
