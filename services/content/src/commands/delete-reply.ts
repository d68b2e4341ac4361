import { requireUser, type Caller } from '@dp/auth';
import { forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { deleteReply as removeReply, lockComment, lockReply } from '../data/comments';
import { canDelete } from '../domain/comment-rules';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';

/**
 * Deletes a reply and its reactions: its author or a space admin may. Returns false when the reply (or its
 * comment, in this scope) does not exist: the official 204.
 */
export async function deleteReply(ctx: ContentContext, caller: Caller, path: CommentPath, commentId: string, replyId: string): Promise<boolean> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { role, scope } = await loadCommentScope(trx, caller, path, 'comment');
    const comment = await lockComment(trx, scope, commentId, true);
    const reply = comment && (await lockReply(trx, comment.id, replyId));
    if (!reply) return false;
    if (!canDelete({ userId, role }, reply.posted_by)) throw forbidden('Only the author of a reply or a space admin may delete it');
    return removeReply(trx, reply.id);
  });
}
