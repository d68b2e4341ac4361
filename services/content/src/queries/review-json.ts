import type { Caller } from '@dp/auth';
import type { Links } from '@dp/http';
import type { Knex } from 'knex';
import { findCommentsIn } from '../data/comments';
import type { ReviewView } from '../data/reviews';
import { findUsers } from '../data/users';
import type { BodyFormat } from '../presenters/comment';
import { presentReview } from '../presenters/review';
import { commentsJson } from './comment-json';
import type { LoadedCommentScope } from './load-comment-scope';

/** ChangeRequestReview JSON for a page of one change request's reviews: their users and comments, loaded once. */
export async function reviewsJson(db: Knex, loaded: LoadedCommentScope, reviews: ReviewView[], caller: Caller, format: BodyFormat, links: Links) {
  const [users, comments] = await Promise.all([
    findUsers(db, reviews.flatMap((r) => (r.requested_by ? [r.reviewer, r.requested_by] : [r.reviewer]))),
    findCommentsIn(db, loaded.scope, reviews.flatMap((r) => (r.comment_id ? [r.comment_id] : []))),
  ]);
  const commentJson = new Map((await commentsJson(db, loaded, comments, caller, format, links)).map((c) => [c.id, c]));
  return reviews.map((review) =>
    presentReview(review, {
      spaceId: loaded.space.id,
      comment: review.comment_id ? commentJson.get(review.comment_id) : undefined,
      users,
      links,
    }),
  );
}
