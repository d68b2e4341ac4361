import { requireUser, type Caller } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { badRequest, HttpError, type OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { updateChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import { deleteRequestedReviewer, upsertRequestedReviewers, type RequestedReviewerRow } from '../data/reviews';
import { isEditable, type ChangeRequestStatus } from '../domain/change-request-status';
import { loadChangeRequest } from '../queries/load-change-request';
import type { RequestReviewersBody } from '../schemas/reviews';

/**
 * Asks members of the organization to review a change request (issue 26), optionally renaming it: by someone who
 * may edit it, while it is worked on. Identity says who is a member (asked before any lock); a user who is not is
 * a 400 naming them, and nobody is asked. Asking someone again replaces the request and outdates their reviews.
 */
export async function requestReviewers(ctx: ContentContext, caller: Caller, on: OnBehalfOf, spaceId: string, changeRequestId: string, input: RequestReviewersBody): Promise<{ cr: ChangeRequestRow; requested: RequestedReviewerRow[] }> {
  const requestedBy = requireUser(caller);
  // Authorized first, so that only who may ask learns who is a member; identity is asked outside the transaction.
  const { space: authorized } = await loadChangeRequest(ctx.db, caller, spaceId, changeRequestId, 'edit');
  const members = await identityApi(ctx).members(authorized.organization_id, input.users, on);
  const stranger = input.users.find((id) => !members.has(id));
  if (stranger) throw badRequest(`users: ${stranger} is not a member of the organization`);
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true });
    if (!isEditable(cr.status as ChangeRequestStatus)) throw new HttpError(409, `Change request #${cr.number} is ${cr.status}: nobody can be asked to review it`);
    const renamed = input.subject !== undefined ? await updateChangeRequest(trx, cr.id, { subject: input.subject }) : cr;
    if (input.subject !== undefined) {
      await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_UPDATED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: cr.status, changed: ['subject'] }, space.id);
    }
    const requested = await upsertRequestedReviewers(trx, cr.id, input.users, cr.revision_id, requestedBy);
    await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_REVIEWERS_REQUESTED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, users: input.users, requestedBy }, space.id);
    return { cr: renamed, requested };
  });
}

/** Withdraws a request to review: 205 when there was one, 204 when not (as the official operation answers). */
export async function removeRequestedReviewer(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string, userId: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true });
    const removed = await deleteRequestedReviewer(trx, cr.id, userId);
    if (removed) await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_REVIEWER_REMOVED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, userId }, space.id);
    return removed;
  });
}
