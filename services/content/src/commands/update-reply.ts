import { requireUser, type Caller } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { addReactions, lockComment, lockReply, removeReactions, updateReply as saveReply, type ReplyRow } from '../data/comments';
import type { UpdateReplyBody } from '../schemas/comments';
import { canEditBody, reactionChange } from '../domain/comment-rules';
import { storedMarkdown } from './comment-markdown';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';

/** PUT of a reply: its body (the author only; sets `editedAt`) and the caller's own reactions (anyone who may comment). */
export async function updateReply(ctx: ContentContext, caller: Caller, path: CommentPath, commentId: string, replyId: string, input: UpdateReplyBody): Promise<ReplyRow> {
  const userId = requireUser(caller);
  const markdown = input.body ? storedMarkdown(input.body) : undefined;
  return ctx.db.transaction(async (trx) => {
    const { role, scope } = await loadCommentScope(trx, caller, path, 'comment');
    const comment = await lockComment(trx, scope, commentId, true);
    const reply = comment && (await lockReply(trx, comment.id, replyId));
    if (!reply) throw notFound('Comment reply');
    if (markdown !== undefined && !canEditBody({ userId, role }, reply.posted_by)) throw forbidden('Only the author of a reply may edit its body');
    const updated = markdown !== undefined ? await saveReply(trx, reply.id, { markdown, edited_at: new Date() }) : reply;
    const { added, removed } = reactionChange(input.addedReactions, input.removedReactions);
    await addReactions(trx, { commentId: reply.comment_id, replyId: reply.id }, userId, added);
    await removeReactions(trx, { commentId: reply.comment_id, replyId: reply.id }, userId, removed);
    return updated;
  });
}
