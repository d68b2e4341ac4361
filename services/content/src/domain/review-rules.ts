import { HttpError } from '@dp/http';
import { isEditable, type ChangeRequestStatus } from './change-request-status';

/** The official `ChangeRequestReviewStatus`. */
export type ReviewStatus = 'approved' | 'changes-requested';

/**
 * Who may submit a review, on what (issue 26): a change request still worked on (draft or open), by someone
 * with the `review` ability on its space (the caller's loader asks), but its author may not approve it.
 */
export function checkReviewable(cr: { status: string; created_by: string; number: number }, reviewer: string, status: ReviewStatus): void {
  if (!isEditable(cr.status as ChangeRequestStatus)) throw new HttpError(409, `Change request #${cr.number} is ${cr.status}: it can no longer be reviewed`);
  if (status === 'approved' && cr.created_by === reviewer) throw new HttpError(403, 'The author of a change request cannot approve it');
}
