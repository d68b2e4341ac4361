import type { Caller } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { ContentContext } from '../context';
import { updateChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import { canMoveStatus, type ChangeRequestStatus } from '../domain/change-request-status';
import { loadChangeRequest } from '../queries/load-change-request';
import { emitSpaceUpdated } from './space-events';

/** PATCH of a change request: its subject and its status (moves allowed by domain/change-request-status). */
export async function editChangeRequest(
  ctx: ContentContext,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  patch: { subject?: string; status?: 'draft' | 'open' | 'archived' },
): Promise<ChangeRequestRow> {
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true });
    if (patch.status && !canMoveStatus(cr.status as ChangeRequestStatus, patch.status)) {
      throw badRequest(`A ${cr.status} change request cannot become ${patch.status}`);
    }
    const updated = await updateChangeRequest(trx, cr.id, { ...(patch.subject !== undefined ? { subject: patch.subject } : {}), ...(patch.status ? { status: patch.status } : {}) });
    await ctx.emit(
      trx,
      ContentEvents.CHANGE_REQUEST_UPDATED,
      { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: updated.status, changed: Object.keys(patch) },
      space.id,
    );
    if (patch.status && patch.status !== cr.status) await emitSpaceUpdated(ctx, trx, space.id);
    return updated;
  });
}
