import { Router, type Request } from 'express';
import type { Caller } from '@dp/auth';
import { notFound, onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { identityApi } from '../clients/identity';
import { findComment, findReply, listCommenters, listComments, listReplies } from '../data/comments';
import { deleteComment } from '../commands/delete-comment';
import { deleteReply } from '../commands/delete-reply';
import { ensureCallerKnown } from '../commands/ensure-user';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';
import { postComment } from '../commands/post-comment';
import { postReply } from '../commands/post-reply';
import { updateComment } from '../commands/update-comment';
import { updateReply } from '../commands/update-reply';
import {
  commentParams,
  formatQuery,
  listCommentersQuery,
  listCommentsQuery,
  listRepliesQuery,
  postCommentBody,
  postReplyBody,
  updateCommentBody,
  updateReplyBody,
} from '../schemas/comments';
import { commentJson, commentsJson, replyJson, repliesJson } from '../queries/comment-json';

/** Comments, replies, reactions and commenters, on a space's live content and, the same, on a change request. */
export function commentsRouter(ctx: ContentContext): Router {
  const router = Router();
  const scopes = [
    { base: '/v1/spaces/:spaceId', ...commentParams.live },
    { base: '/v1/spaces/:spaceId/change-requests/:changeRequestId', ...commentParams.changeRequest },
  ];
  // The scope's part of a route's params (the same object also carries commentId and commentReplyId).
  const pathOf = ({ spaceId, changeRequestId }: CommentPath): CommentPath => ({ spaceId, changeRequestId });
  const known = (req: Pick<Request, 'caller' | 'header' | 'id'>) => ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
  const view = (req: { caller: Caller; params: CommentPath }) => loadCommentScope(ctx.db, req.caller, pathOf(req.params), 'view');

  for (const { base, scopeParams: params, commentIdParams, replyIdParams } of scopes) {
    const comments = `${base}/comments`;
    const comment = `${comments}/:commentId`;
    const replies = `${comment}/replies`;
    const reply = `${replies}/:commentReplyId`;

    router.get(comments, ...route({ params, query: listCommentsQuery }).handle(async (req, res) => {
      const loaded = await view(req);
      const { authors, ...query } = req.query;
      const page = await listComments(ctx.db, loaded.scope, { ...query, authors: authors === undefined ? undefined : [authors].flat() });
      const items = await commentsJson(ctx.db, loaded, page.items, req.caller, req.query.format, ctx.links);
      res.json({ ...presentPage(page, (x) => x), items });
    }));

    router.post(comments, ...route({ params, body: postCommentBody }).handle(async (req, res) => {
      await known(req);
      const posted = await postComment(ctx, req.caller, pathOf(req.params), req.body);
      res.json(await commentJson(ctx.db, await view(req), posted, req.caller, 'markdown', ctx.links));
    }));

    router.get(comment, ...route({ params: commentIdParams, query: formatQuery }).handle(async (req, res) => {
      const loaded = await view(req);
      const found = await findComment(ctx.db, loaded.scope, req.params.commentId);
      if (!found) throw notFound('Comment');
      res.json(await commentJson(ctx.db, loaded, found, req.caller, req.query.format, ctx.links));
    }));

    router.put(comment, ...route({ params: commentIdParams, body: updateCommentBody }).handle(async (req, res) => {
      await known(req);
      const updated = await updateComment(ctx, req.caller, pathOf(req.params), req.params.commentId, req.body);
      res.json(await commentJson(ctx.db, await view(req), updated, req.caller, 'markdown', ctx.links));
    }));

    // Official statuses: 205 the comment was deleted, 204 it did not exist.
    router.delete(comment, ...route({ params: commentIdParams }).handle(async (req, res) => {
      const deleted = await deleteComment(ctx, req.caller, pathOf(req.params), req.params.commentId);
      res.status(deleted ? 205 : 204).end();
    }));

    router.get(replies, ...route({ params: commentIdParams, query: listRepliesQuery }).handle(async (req, res) => {
      const loaded = await view(req);
      const parent = await findComment(ctx.db, loaded.scope, req.params.commentId);
      if (!parent) throw notFound('Comment');
      const page = await listReplies(ctx.db, parent.id, req.query);
      res.json({ ...presentPage(page, (x) => x), items: await repliesJson(ctx.db, loaded, page.items, req.caller, req.query.format, ctx.links) });
    }));

    router.post(replies, ...route({ params: commentIdParams, query: formatQuery, body: postReplyBody }).handle(async (req, res) => {
      await known(req);
      const posted = await postReply(ctx, req.caller, pathOf(req.params), req.params.commentId, req.body.body);
      res.json(await replyJson(ctx.db, await view(req), posted, req.caller, req.query.format, ctx.links));
    }));

    router.get(reply, ...route({ params: replyIdParams, query: formatQuery }).handle(async (req, res) => {
      const loaded = await view(req);
      const parent = await findComment(ctx.db, loaded.scope, req.params.commentId);
      const found = parent && (await findReply(ctx.db, parent.id, req.params.commentReplyId));
      if (!found) throw notFound('Comment reply');
      res.json(await replyJson(ctx.db, loaded, found, req.caller, req.query.format, ctx.links));
    }));

    router.put(reply, ...route({ params: replyIdParams, body: updateReplyBody }).handle(async (req, res) => {
      await known(req);
      const updated = await updateReply(ctx, req.caller, pathOf(req.params), req.params.commentId, req.params.commentReplyId, req.body);
      res.json(await replyJson(ctx.db, await view(req), updated, req.caller, 'markdown', ctx.links));
    }));

    // Official statuses: 205 the reply was deleted, 204 it did not exist.
    router.delete(reply, ...route({ params: replyIdParams }).handle(async (req, res) => {
      const deleted = await deleteReply(ctx, req.caller, pathOf(req.params), req.params.commentId, req.params.commentReplyId);
      res.status(deleted ? 205 : 204).end();
    }));

    // Members who posted a comment here, as identity presents them; a commenter who has since left the
    // organization is no member and is left out of `items` (`count` still counts them).
    router.get(`${base}/commenters`, ...route({ params, query: listCommentersQuery }).handle(async (req, res) => {
      const loaded = await view(req);
      const page = await listCommenters(ctx.db, loaded.scope, req.query);
      const on = onBehalfOf(req);
      const members = await identityApi(ctx).members(loaded.space.organization_id, page.items.map((c) => c.user_id), on);
      res.json({ ...presentPage(page, (x) => x), items: page.items.flatMap((c) => members.get(c.user_id) ?? []) });
    }));
  }
  return router;
}
