import type { Caller } from '@dp/auth';
import type { Links } from '@dp/http';
import type { Knex } from 'knex';
import { findReactions, replyStats, type CommentRow, type ReplyRow } from '../data/comments';
import { findRevision, type RevisionRow } from '../data/revisions';
import { findUsers } from '../data/users';
import type { LoadedCommentScope } from './load-comment-scope';
import { isPageOutdated } from '../domain/comment-target';
import { pagePaths } from '../domain/revision/tree';
import { presentComment, presentReply, type BodyFormat, type CommentView, type PageTarget } from '../presenters/comment';

/** Comment JSON for a page of comments of one scope: users, replies, reactions and pages in a few queries. */
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
  const pages = await pageTargets(db, loaded, comments);
  return comments.map((c) => presentComment(c, replies.get(c.id) ?? { count: 0, repliers: [] }, c.page_id ? pages.get(c.id) : undefined, view));
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

/**
 * `target.page` of each comment anchored to a page: the page as the scope's content shows it now (or, once
 * it is gone from it, as it was when the comment was posted), and whether it is outdated. Revisions are
 * immutable and cached, so this is a lookup after the first read.
 */
async function pageTargets(db: Knex, loaded: LoadedCommentScope, comments: CommentRow[]): Promise<Map<string, PageTarget>> {
  const out = new Map<string, PageTarget>();
  const anchored = comments.filter((c) => c.page_id);
  if (!anchored.length) return out;
  const revisions = new Map<string, RevisionRow | undefined>();
  for (const id of new Set([loaded.revisionId, ...anchored.map((c) => c.revision_id)])) revisions.set(id, await findRevision(db, loaded.space.id, id));
  const paths = new Map([...revisions].map(([id, r]) => [id, pagePaths(r?.pages ?? [])]));
  for (const c of anchored) {
    const now = revisions.get(loaded.revisionId)?.pages.find((p) => p.id === c.page_id);
    const then = revisions.get(c.revision_id)?.pages.find((p) => p.id === c.page_id);
    const page = now ?? then;
    if (!page) continue;
    out.set(c.id, {
      id: page.id,
      title: page.title,
      ...(page.emoji ? { emoji: page.emoji } : {}),
      ...(page.icon ? { icon: page.icon } : {}),
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      path: paths.get(now ? loaded.revisionId : c.revision_id)!.get(page.id)!,
      outdated: isPageOutdated(then, now),
    });
  }
  return out;
}
