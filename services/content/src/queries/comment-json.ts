import type { Caller } from '@dp/auth';
import type { Links } from '@dp/http';
import type { Knex } from 'knex';
import { findReactions, replyStats, type CommentRow, type ReplyRow } from '../data/comments';
import { findUsers } from '../data/users';
import type { LoadedCommentScope } from './load-comment-scope';
import { presentComment, presentReply, type BodyFormat, type CommentView } from '../presenters/comment';

/** Comment JSON for a page of comments of one scope: users, replies and reactions in a few queries. */
export async function commentsJson(db: Knex, loaded: LoadedCommentScope, comments: CommentRow[], caller: Caller, format: BodyFormat, links: Links) {
  const ids = comments.map((c) => c.id);
  const replies = await replyStats(db, ids);
  const reactions = await findReactions(db, ids);
  const userIds = [
    ...comments.flatMap((c) => [c.posted_by, ...(c.resolved_by ? [c.resolved_by] : [])]),
    ...[...replies.values()].flatMap((s) => s.repliers.map((r) => r.user_id)),
    ...reactions.map((r) => r.user_id),
  ];
  const view: CommentView = { users: await findUsers(db, userIds), reactions, actor: { userId: caller.userId, role: loaded.role }, format, links };
  return comments.map((c) => presentComment(c, replies.get(c.id) ?? { count: 0, repliers: [] }, view));
}

export async function commentJson(db: Knex, loaded: LoadedCommentScope, comment: CommentRow, caller: Caller, format: BodyFormat, links: Links) {
  return (await commentsJson(db, loaded, [comment], caller, format, links))[0];
}

/** CommentReply JSON for a page of replies of one scope. */
export async function repliesJson(db: Knex, loaded: LoadedCommentScope, replies: ReplyRow[], caller: Caller, format: BodyFormat, links: Links) {
  const reactions = await findReactions(db, replies.map((r) => r.id));
  const users = await findUsers(db, [...replies.map((r) => r.posted_by), ...reactions.map((r) => r.user_id)]);
  const view: CommentView = { users, reactions, actor: { userId: caller.userId, role: loaded.role }, format, links };
  return replies.map((r) => presentReply(r, loaded.scope, view));
}

export async function replyJson(db: Knex, loaded: LoadedCommentScope, reply: ReplyRow, caller: Caller, format: BodyFormat, links: Links) {
  return (await repliesJson(db, loaded, [reply], caller, format, links))[0];
}
