import { Router, type Request } from 'express';
import { notFound, onBehalfOf, presentPage, validate, type ListParams } from '@dp/http';
import type { ContentContext } from '../context';
import { identityApi } from '../clients/identity';
import { findComment, findReply, listCommenters, listComments, listReplies, type CommentFilters } from '../data/comments';
import { deleteComment } from '../commands/delete-comment';
import { deleteReply } from '../commands/delete-reply';
import { ensureCallerKnown } from '../commands/ensure-user';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';
import { postComment } from '../commands/post-comment';
import { postReply } from '../commands/post-reply';
import { updateComment } from '../commands/update-comment';
import { updateReply } from '../commands/update-reply';
import type { BodyFormat } from '../presenters/comment';
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
    { base: '/v1/spaces/:spaceId', names: ['spaceId'] },
    { base: '/v1/spaces/:spaceId/change-requests/:changeRequestId', names: ['spaceId', 'changeRequestId'] },
  ];
  const pathOf = (req: Request): CommentPath => ({ spaceId: req.params.spaceId as string, changeRequestId: req.params.changeRequestId as string | undefined });
  const formatOf = (req: Request) => ((req.query as { format?: BodyFormat }).format ?? 'markdown');
  const known = (req: Request) => ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
  const view = (req: Request) => loadCommentScope(ctx.db, req.caller, pathOf(req), 'view');

  for (const { base, names } of scopes) {
    const comments = `${base}/comments`;
    const comment = `${comments}/:commentId`;
    const replies = `${comment}/replies`;
    const reply = `${replies}/:commentReplyId`;
    const params = commentParams(names);
    const commentIdParams = commentParams([...names, 'commentId']);
    const replyIdParams = commentParams([...names, 'commentId', 'commentReplyId']);

    router.get(comments, validate({ params, query: listCommentsQuery }), async (req, res) => {
      const loaded = await view(req);
      const query = req.query as unknown as ListParams & CommentFilters & { authors?: string | string[] };
      const authors = query.authors === undefined ? undefined : [query.authors].flat();
      const page = await listComments(ctx.db, loaded.scope, { ...query, authors });
      const items = await commentsJson(ctx.db, loaded, page.items, req.caller, formatOf(req), ctx.links);
      res.json({ ...presentPage(page, (x) => x), items });
    });

    router.post(comments, validate({ params, body: postCommentBody }), async (req, res) => {
      await known(req);
      const posted = await postComment(ctx, req.caller, pathOf(req), req.body);
      res.json(await commentJson(ctx.db, await view(req), posted, req.caller, 'markdown', ctx.links));
    });

    router.get(comment, validate({ params: commentIdParams, query: formatQuery }), async (req, res) => {
      const loaded = await view(req);
      const found = await findComment(ctx.db, loaded.scope, req.params.commentId as string);
      if (!found) throw notFound('Comment');
      res.json(await commentJson(ctx.db, loaded, found, req.caller, formatOf(req), ctx.links));
    });

    router.put(comment, validate({ params: commentIdParams, body: updateCommentBody }), async (req, res) => {
      await known(req);
      const updated = await updateComment(ctx, req.caller, pathOf(req), req.params.commentId as string, req.body);
      res.json(await commentJson(ctx.db, await view(req), updated, req.caller, 'markdown', ctx.links));
    });

    // Official statuses: 205 the comment was deleted, 204 it did not exist.
    router.delete(comment, validate({ params: commentIdParams }), async (req, res) => {
      const deleted = await deleteComment(ctx, req.caller, pathOf(req), req.params.commentId as string);
      res.status(deleted ? 205 : 204).end();
    });

    router.get(replies, validate({ params: commentIdParams, query: listRepliesQuery }), async (req, res) => {
      const loaded = await view(req);
      const parent = await findComment(ctx.db, loaded.scope, req.params.commentId as string);
      if (!parent) throw notFound('Comment');
      const page = await listReplies(ctx.db, parent.id, req.query as ListParams);
      res.json({ ...presentPage(page, (x) => x), items: await repliesJson(ctx.db, loaded, page.items, req.caller, formatOf(req), ctx.links) });
    });

    router.post(replies, validate({ params: commentIdParams, query: formatQuery, body: postReplyBody }), async (req, res) => {
      await known(req);
      const posted = await postReply(ctx, req.caller, pathOf(req), req.params.commentId as string, req.body.body);
      res.json(await replyJson(ctx.db, await view(req), posted, req.caller, formatOf(req), ctx.links));
    });

    router.get(reply, validate({ params: replyIdParams, query: formatQuery }), async (req, res) => {
      const loaded = await view(req);
      const parent = await findComment(ctx.db, loaded.scope, req.params.commentId as string);
      const found = parent && (await findReply(ctx.db, parent.id, req.params.commentReplyId as string));
      if (!found) throw notFound('Comment reply');
      res.json(await replyJson(ctx.db, loaded, found, req.caller, formatOf(req), ctx.links));
    });

    router.put(reply, validate({ params: replyIdParams, body: updateReplyBody }), async (req, res) => {
      await known(req);
      const updated = await updateReply(ctx, req.caller, pathOf(req), req.params.commentId as string, req.params.commentReplyId as string, req.body);
      res.json(await replyJson(ctx.db, await view(req), updated, req.caller, 'markdown', ctx.links));
    });

    // Official statuses: 205 the reply was deleted, 204 it did not exist.
    router.delete(reply, validate({ params: replyIdParams }), async (req, res) => {
      const deleted = await deleteReply(ctx, req.caller, pathOf(req), req.params.commentId as string, req.params.commentReplyId as string);
      res.status(deleted ? 205 : 204).end();
    });

    // Members who posted a comment here, as identity presents them; a commenter who has since left the
    // organization is no member and is left out of `items` (`count` still counts them).
    router.get(`${base}/commenters`, validate({ params, query: listCommentersQuery }), async (req, res) => {
      const loaded = await view(req);
      const page = await listCommenters(ctx.db, loaded.scope, req.query as ListParams);
      const on = onBehalfOf(req);
      const members = await identityApi(ctx.services.identity).members(loaded.space.organization_id, page.items.map((c) => c.user_id), on);
      res.json({ ...presentPage(page, (x) => x), items: page.items.flatMap((c) => members.get(c.user_id) ?? []) });
    });
  }
  return router;
}
