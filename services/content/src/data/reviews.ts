import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';
import type { ReviewStatus } from '../domain/review-rules';

/** Reviews of change requests, the reviewers asked for them, and who contributed (issue 26). */
export interface ReviewRow {
  seq: string;
  id: string;
  change_request_id: string;
  revision_id: string;
  reviewer: string;
  requested_by: string | null;
  status: ReviewStatus;
  comment_id: string | null;
  created_at: Date;
}

export interface RequestedReviewerRow {
  seq: string;
  change_request_id: string;
  user_id: string;
  revision_id: string;
  requested_by: string;
  created_at: Date;
}

export async function insertReview(trx: Knex.Transaction, row: Omit<ReviewRow, 'seq' | 'created_at'>): Promise<ReviewRow> {
  const [review] = await trx<ReviewRow>('change_request_reviews').insert(row).returning('*');
  return review;
}

/** A review as read: with whether it is outdated (docs/adr/0102). */
export type ReviewView = ReviewRow & { outdated: boolean };

/**
 * Whether a review no longer speaks for the change request (docs/adr/0102), its one definition: the change
 * request's content changed since (its revision is not the review's), or its reviewer reviewed again or was asked
 * again after it. Selected as `outdated`, and filtered on, so that pages and counts agree. Binds the change
 * request's current revision.
 */
const OUTDATED = `(r.revision_id <> ?
  or exists (select 1 from change_request_reviews l where l.change_request_id = r.change_request_id and l.reviewer = r.reviewer and l.created_at > r.created_at)
  or exists (select 1 from change_request_requested_reviewers q where q.change_request_id = r.change_request_id and q.user_id = r.reviewer and q.created_at > r.created_at))`;

const reviewsOf = (db: Knex, changeRequestId: string, changeRequestRevision: string) =>
  db('change_request_reviews as r').where('r.change_request_id', changeRequestId).select('r.*', db.raw(`${OUTDATED} as outdated`, [changeRequestRevision]));

export const findReview = (db: Knex, changeRequestId: string, changeRequestRevision: string, reviewId: string): Promise<ReviewView | undefined> =>
  reviewsOf(db, changeRequestId, changeRequestRevision).where('r.id', reviewId).first();

/** A change request's reviews, oldest first; `outdated`: only those that are (true) or are not (false). */
export function listReviews(db: Knex, changeRequestId: string, changeRequestRevision: string, params: ListParams & { outdated?: boolean }) {
  const query = reviewsOf(db, changeRequestId, changeRequestRevision);
  if (params.outdated !== undefined) query.whereRaw(`${OUTDATED} = ?`, [changeRequestRevision, params.outdated]);
  return paginate<ReviewView>(query, params, { key: 'r.seq' });
}

/** The reviews of a change request that still count (not outdated), oldest first: what merge rules read. */
export const currentReviews = (db: Knex, changeRequestId: string, changeRequestRevision: string): Promise<ReviewView[]> =>
  reviewsOf(db, changeRequestId, changeRequestRevision).whereRaw(`not ${OUTDATED}`, [changeRequestRevision]).orderBy('r.seq');

/** Asks `userIds` to review, as of `revisionId`: asking again replaces the earlier request (and outdates their reviews). */
export async function upsertRequestedReviewers(trx: Knex.Transaction, changeRequestId: string, userIds: string[], revisionId: string, requestedBy: string): Promise<RequestedReviewerRow[]> {
  if (userIds.length === 0) return [];
  return trx<RequestedReviewerRow>('change_request_requested_reviewers')
    .insert(userIds.map((userId) => ({ change_request_id: changeRequestId, user_id: userId, revision_id: revisionId, requested_by: requestedBy })))
    .onConflict(['change_request_id', 'user_id'])
    .merge(['revision_id', 'requested_by', 'created_at'])
    .returning('*');
}

export const listRequestedReviewers = (db: Knex, changeRequestId: string, params: ListParams) =>
  paginate<RequestedReviewerRow>(db('change_request_requested_reviewers').where({ change_request_id: changeRequestId }), params);

/** Who asked `userId` to review, if someone did: a review they submit names them. */
export const findRequestedReviewer = (db: Knex, changeRequestId: string, userId: string): Promise<RequestedReviewerRow | undefined> =>
  db<RequestedReviewerRow>('change_request_requested_reviewers').where({ change_request_id: changeRequestId, user_id: userId }).first();

/** Removes a request; false when there was none. */
export async function deleteRequestedReviewer(trx: Knex.Transaction, changeRequestId: string, userId: string): Promise<boolean> {
  return (await trx('change_request_requested_reviewers').where({ change_request_id: changeRequestId, user_id: userId }).delete()) > 0;
}

export interface ContributorRow {
  user_id: string;
  action_type: 'edit' | 'comment';
  count: number;
  updated_at: Date;
}

/** Everyone who edited the change request's content, and everyone who commented on it: how often, and when last. */
export function listContributors(db: Knex, changeRequestId: string, params: ListParams) {
  const contributors = db
    .select('user_id', db.raw("'edit' as action_type"), 'edits as count', 'contributed_at as updated_at')
    .from('change_request_contributors')
    .where({ change_request_id: changeRequestId })
    .unionAll((q) =>
      q
        .select('posted_by as user_id', db.raw("'comment' as action_type"), db.raw('count(*)::int as count'), db.raw('max(posted_at) as updated_at'))
        .from('comments')
        .where({ change_request_id: changeRequestId })
        .groupBy('posted_by'),
    );
  // Keyset pages need a unique order: by user, then by kind of contribution.
  return paginate<ContributorRow>(db.select('*').from(contributors.as('contributors')), params, {
    keys: [
      { column: 'user_id', type: 'text' },
      { column: 'action_type', type: 'text' },
    ],
  });
}
