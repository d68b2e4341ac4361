import { iso, type Links } from '@dp/http';
import { presentUser, presentUserIn, type UserLike } from '@dp/presenters';
import type { CommentRow, CommentScope, ReactionRow, Replier, ReplyRow } from '../data/comments';
import { commentPermissions, type CommentActor } from '../domain/comment-rules';
import { documentOfMarkdown } from '../domain/revision/page-document';

export type BodyFormat = 'markdown' | 'document';

/** Everything a comment or reply is presented with, loaded once for a whole page of them. */
export interface CommentView {
  users: Map<string, UserLike>;
  reactions: ReactionRow[];
  actor: CommentActor;
  format: BodyFormat;
  links: Links;
}

const userOf = (id: string, view: CommentView) => presentUserIn(view.users, id, view.links);

/** The official `Document`: `{markdown}`, or `{document}` (GitBook's JSON document) with `format=document`. */
export function presentBody(markdown: string, format: BodyFormat) {
  return format === 'document' ? { document: documentOfMarkdown(markdown) } : { markdown };
}

/** EmojiReactions of one comment or reply: one entry per emoji, in the order each was first used, its users oldest first. */
export function presentReactions(targetId: string, view: CommentView) {
  const byEmoji = new Map<string, Array<{ user: ReturnType<typeof presentUser>; reactedAt: string }>>();
  for (const r of view.reactions) {
    if (r.target_id !== targetId) continue;
    const users = byEmoji.get(r.emoji) ?? [];
    users.push({ user: userOf(r.user_id, view), reactedAt: iso(r.reacted_at)! });
    byEmoji.set(r.emoji, users);
  }
  return [...byEmoji].map(([emoji, users]) => ({ emoji, count: users.length, users }));
}

export function commentPath(scope: CommentScope, commentId: string): string {
  const base = scope.changeRequestId ? `/spaces/${scope.spaceId}/change-requests/${scope.changeRequestId}` : `/spaces/${scope.spaceId}`;
  return `${base}/comments/${commentId}`;
}

/** Comment JSON; `status` is `open` or `resolved`, and a resolved comment says when and by whom. */
export function presentComment(comment: CommentRow, replies: { count: number; repliers: Replier[] }, view: CommentView) {
  const scope = { spaceId: comment.space_id, changeRequestId: comment.change_request_id };
  return {
    object: 'comment' as const,
    id: comment.id,
    postedBy: userOf(comment.posted_by, view),
    postedAt: iso(comment.posted_at)!,
    ...(comment.edited_at ? { editedAt: iso(comment.edited_at) } : {}),
    reactions: presentReactions(comment.id, view),
    replies: replies.count,
    repliers: replies.repliers.map((r) => ({ user: userOf(r.user_id, view), count: r.count, updatedAt: iso(r.updated_at)! })),
    body: presentBody(comment.markdown, view.format),
    target: {
      space: comment.space_id,
      revision: comment.revision_id,
      ...(comment.change_request_id ? { changeRequest: comment.change_request_id } : {}),
      // The official target names the page and the node by id only (title, path, outdated and the node's
      // preview are not in it). The page was checked to be in the posted revision, so the id always resolves.
      ...(comment.page_id ? { page: { id: comment.page_id } } : {}),
      ...(comment.node_id ? { node: { id: comment.node_id } } : {}),
    },
    urls: { location: view.links.api(commentPath(scope, comment.id)) },
    permissions: commentPermissions(view.actor, comment.posted_by),
    ...(comment.resolved_at && comment.resolved_by
      ? { status: 'resolved' as const, resolvedAt: iso(comment.resolved_at)!, resolvedBy: userOf(comment.resolved_by, view) }
      : { status: 'open' as const }),
  };
}

/** CommentReply JSON. */
export function presentReply(reply: ReplyRow, scope: CommentScope, view: CommentView) {
  return {
    object: 'comment-reply' as const,
    id: reply.id,
    postedBy: userOf(reply.posted_by, view),
    postedAt: iso(reply.posted_at)!,
    ...(reply.edited_at ? { editedAt: iso(reply.edited_at) } : {}),
    reactions: presentReactions(reply.id, view),
    body: presentBody(reply.markdown, view.format),
    urls: { location: view.links.api(`${commentPath(scope, reply.comment_id)}/replies/${reply.id}`) },
    permissions: commentPermissions(view.actor, reply.posted_by),
  };
}
