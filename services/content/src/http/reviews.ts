import { Router } from 'express';
import { listQuery, notFound, onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { findReview, listContributors, listRequestedReviewers, listReviews } from '../data/reviews';
import { findUsers } from '../data/users';
import { ensureCallerKnown } from '../commands/ensure-user';
import { removeRequestedReviewer, requestReviewers } from '../commands/request-reviewers';
import { submitReview } from '../commands/submit-review';
import { presentContributor, presentRequestedReviewer } from '../presenters/review';
import { loadCommentScope } from '../queries/load-comment-scope';
import { reviewsJson } from '../queries/review-json';
import { changeRequestParams } from '../schemas/change-requests';
import { formatQuery } from '../schemas/comments';
import { listReviewsQuery, requestedReviewerParams, requestReviewersBody, reviewParams, submitReviewBody } from '../schemas/reviews';

/**
 * Reviews of a change request, the reviewers asked for them and its contributors (issue 26, the official
 * operations under `/spaces/{spaceId}/change-requests/{changeRequestId}`): reading needs `view` on the space,
 * reviewing `review`, asking for reviewers `edit`.
 */
export function reviewsRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/spaces/:spaceId/change-requests/:changeRequestId';
  /** The change request as its comments' scope (the reviews' comments are its comments), authorized to view. */
  const loadViewable = async (req: { caller: Parameters<typeof loadCommentScope>[1]; params: { spaceId: string; changeRequestId: string } }) => {
    const loaded = await loadCommentScope(ctx.db, req.caller, { spaceId: req.params.spaceId, changeRequestId: req.params.changeRequestId }, 'view');
    return { ...loaded, changeRequest: loaded.changeRequest! };
  };

  router.get(`${base}/reviews`, ...route({ params: changeRequestParams, query: listReviewsQuery }).handle(async (req, res) => {
    const loaded = await loadViewable(req);
    const page = await listReviews(ctx.db, loaded.changeRequest.id, loaded.changeRequest.revision_id, req.query);
    const items = await reviewsJson(ctx.db, loaded, page.items, req.caller, req.query.format, ctx.links);
    res.json({ ...presentPage(page, (x) => x), items });
  }));

  router.post(`${base}/reviews`, ...route({ params: changeRequestParams, body: submitReviewBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const submitted = await submitReview(ctx, req.caller, req.params.spaceId, req.params.changeRequestId, req.body);
    const loaded = await loadViewable(req);
    const review = (await findReview(ctx.db, loaded.changeRequest.id, loaded.changeRequest.revision_id, submitted.id))!;
    const [body] = await reviewsJson(ctx.db, loaded, [review], req.caller, 'markdown', ctx.links);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get(`${base}/reviews/:reviewId`, ...route({ params: reviewParams, query: formatQuery }).handle(async (req, res) => {
    const loaded = await loadViewable(req);
    const review = await findReview(ctx.db, loaded.changeRequest.id, loaded.changeRequest.revision_id, req.params.reviewId);
    if (!review) throw notFound('Review');
    res.json((await reviewsJson(ctx.db, loaded, [review], req.caller, req.query.format, ctx.links))[0]);
  }));

  router.get(`${base}/requested-reviewers`, ...route({ params: changeRequestParams, query: listQuery() }).handle(async (req, res) => {
    const { changeRequest } = await loadViewable(req);
    const page = await listRequestedReviewers(ctx.db, changeRequest.id, req.query);
    const users = await findUsers(ctx.db, page.items.flatMap((r) => [r.user_id, r.requested_by]));
    res.json(presentPage(page, (row) => presentRequestedReviewer(row, users, ctx.links)));
  }));

  router.post(`${base}/requested-reviewers`, ...route({ params: changeRequestParams, body: requestReviewersBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const { requested } = await requestReviewers(ctx, req.caller, onBehalfOf(req), req.params.spaceId, req.params.changeRequestId, req.body);
    const users = await findUsers(ctx.db, requested.flatMap((r) => [r.user_id, r.requested_by]));
    res.json({ users: requested.map((row) => presentRequestedReviewer(row, users, ctx.links)) });
  }));

  // Official statuses: 205 the request was withdrawn, 204 there was none.
  router.delete(`${base}/requested-reviewers/:userId`, ...route({ params: requestedReviewerParams }).handle(async (req, res) => {
    const removed = await removeRequestedReviewer(ctx, req.caller, req.params.spaceId, req.params.changeRequestId, req.params.userId);
    res.status(removed ? 205 : 204).end();
  }));

  router.get(`${base}/contributors`, ...route({ params: changeRequestParams, query: listQuery() }).handle(async (req, res) => {
    const { changeRequest } = await loadViewable(req);
    const page = await listContributors(ctx.db, changeRequest.id, req.query);
    const users = await findUsers(ctx.db, page.items.map((r) => r.user_id));
    res.json(presentPage(page, (row) => presentContributor(row, users, ctx.links)));
  }));

  return router;
}
