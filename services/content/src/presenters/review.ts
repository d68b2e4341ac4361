import { iso, type Links } from '@dp/http';
import { presentUserIn, type UserLike } from '@dp/presenters';
import type { ContributorRow, RequestedReviewerRow, ReviewView } from '../data/reviews';

const userIn = (users: Map<string, UserLike>, links: Links) => (id: string) => presentUserIn(users, id, links);

/** The official `ChangeRequestReview`; `comment` is its Comment JSON when it has one still there. */
export function presentReview(review: ReviewView, c: { spaceId: string; comment?: object; users: Map<string, UserLike>; links: Links }) {
  const user = userIn(c.users, c.links);
  return {
    object: 'change-request-review' as const,
    id: review.id,
    revision: review.revision_id,
    reviewer: user(review.reviewer),
    ...(review.requested_by ? { requestedBy: user(review.requested_by) } : {}),
    status: review.status,
    outdated: review.outdated,
    ...(c.comment ? { comment: c.comment } : {}),
    createdAt: iso(review.created_at)!,
    // A review is never edited: a new one supersedes it.
    updatedAt: iso(review.created_at)!,
    urls: { location: c.links.api(`/spaces/${c.spaceId}/change-requests/${review.change_request_id}/reviews/${review.id}`) },
  };
}

/** The official `ChangeRequestRequestedReviewer` of a user. */
export function presentRequestedReviewer(row: RequestedReviewerRow, users: Map<string, UserLike>, links: Links) {
  const user = userIn(users, links);
  return {
    object: 'change-request-requested-reviewer' as const,
    revision: row.revision_id,
    requestedBy: user(row.requested_by),
    createdAt: iso(row.created_at)!,
    kind: 'user' as const,
    user: user(row.user_id),
  };
}

/** The official `ChangeRequestUserContributor`. */
export function presentContributor(row: ContributorRow, users: Map<string, UserLike>, links: Links) {
  return { user: userIn(users, links)(row.user_id), count: row.count, updatedAt: iso(row.updated_at)!, actionType: row.action_type };
}
