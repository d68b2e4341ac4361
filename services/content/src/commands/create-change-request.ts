import type { Knex } from 'knex';
import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { insertChangeRequest, nextChangeRequestNumber, type ChangeRequestRow } from '../data/change-requests';
import { emitSpaceUpdated } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';
import type { SpaceRow } from '../data/spaces';

/** Opens a change request on a space, as a draft starting from the space's live revision. */
export async function createChangeRequest(ctx: ContentContext, caller: Caller, spaceId: string, input: { subject?: string }): Promise<ChangeRequestRow> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'edit');
    return openChangeRequest(ctx, trx, space, userId, input.subject ?? '');
  });
}

/** Opens the draft in the caller's transaction (which authorized `userId` to edit `space`) and announces it. */
export async function openChangeRequest(ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow, userId: string, subject: string): Promise<ChangeRequestRow> {
  if (space.edit_mode === 'locked') throw forbidden('Space is locked: no change request can be opened until editMode is set back to "live"');
  const cr = await insertChangeRequest(trx, {
    id: newId(),
    space_id: space.id,
    number: await nextChangeRequestNumber(trx, space.id),
    status: 'draft',
    subject,
    created_by: userId,
    revision_initial: space.revision_id,
    revision_id: space.revision_id,
  });
  await ctx.emit(
    trx,
    ContentEvents.CHANGE_REQUEST_CREATED,
    { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, number: cr.number, subject: cr.subject, createdBy: userId },
    space.id,
  );
  await emitSpaceUpdated(ctx, trx, space.id);
  return cr;
}
