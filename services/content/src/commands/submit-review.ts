import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { findRequestedReviewer, insertReview, type ReviewRow } from '../data/reviews';
import { checkReviewable } from '../domain/review-rules';
import { loadChangeRequest } from '../queries/load-change-request';
import type { SubmitReviewBody } from '../schemas/reviews';
import { storedMarkdown } from './comment-markdown';
import { writeComment } from './post-comment';

/**
 * A review of a change request (issue 26): by someone with the `review` ability on its space, against the change
 * request's revision of the moment; its comment, if any, is posted on the change request in the same transaction.
 * Whoever asked the reviewer to review is named on it.
 */
export async function submitReview(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string, input: SubmitReviewBody): Promise<ReviewRow> {
  const reviewer = requireUser(caller);
  const markdown = input.comment ? storedMarkdown(input.comment) : undefined;
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'review', { shared: true });
    checkReviewable(cr, reviewer, input.status);
    const comment = markdown === undefined ? undefined : await writeComment(ctx, trx, space, { changeRequestId: cr.id, revisionId: cr.revision_id, markdown, postedBy: reviewer });
    const requested = await findRequestedReviewer(trx, cr.id, reviewer);
    const review = await insertReview(trx, {
      id: newId(),
      change_request_id: cr.id,
      revision_id: cr.revision_id,
      reviewer,
      requested_by: requested?.requested_by ?? null,
      status: input.status,
      comment_id: comment?.id ?? null,
    });
    await ctx.emit(
      trx,
      ContentEvents.CHANGE_REQUEST_REVIEW_SUBMITTED,
      { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, reviewId: review.id, reviewer, status: input.status },
      space.id,
    );
    return review;
  });
}
