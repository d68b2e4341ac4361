import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { insertReply, lockComment, type ReplyRow } from '../data/comments';
import type { CommentBodyInput } from '../domain/comment-body';
import { storedMarkdown } from './comment-markdown';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';

/** Posts a reply to a comment of this scope (404 for a comment of another scope), by anyone who may comment. */
export async function postReply(ctx: ContentContext, caller: Caller, path: CommentPath, commentId: string, body: CommentBodyInput): Promise<ReplyRow> {
  const userId = requireUser(caller);
  const markdown = storedMarkdown(body);
  return ctx.db.transaction(async (trx) => {
    const { scope } = await loadCommentScope(trx, caller, path, 'comment');
    const comment = await lockComment(trx, scope, commentId, true);
    if (!comment) throw notFound('Comment');
    return insertReply(trx, { id: newId(), comment_id: comment.id, markdown, posted_by: userId });
  });
}
