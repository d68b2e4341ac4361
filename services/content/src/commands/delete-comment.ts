import { requireUser, type Caller } from '@dp/auth';
import { forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { deleteComment as removeComment, lockComment } from '../data/comments';
import { canDelete } from '../domain/comment-rules';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';
import { emitSpaceUpdated } from './space-events';

/**
 * Deletes a comment with its replies and reactions: its author or a space admin may. Returns false when the
 * comment does not exist in this scope (the official 204); the space and change request must exist (404).
 * Deleting an open comment on the live content changes the space's counter: its snapshot goes out.
 */
export async function deleteComment(ctx: ContentContext, caller: Caller, path: CommentPath, commentId: string): Promise<boolean> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space, role, scope } = await loadCommentScope(trx, caller, path, 'comment');
    const comment = await lockComment(trx, scope, commentId);
    if (!comment) return false;
    if (!canDelete({ userId, role }, comment.posted_by)) throw forbidden('Only the author of a comment or a space admin may delete it');
    await removeComment(trx, comment.id);
    if (!comment.resolved_at && !scope.changeRequestId) await emitSpaceUpdated(ctx, trx, space.id);
    return true;
  });
}
