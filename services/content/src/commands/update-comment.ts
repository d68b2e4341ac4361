import { requireUser, type Caller } from '@dp/auth';
import { forbidden, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { addReactions, lockComment, removeReactions, updateComment as saveComment, type CommentRow } from '../data/comments';
import type { UpdateCommentBody } from '../schemas/comments';
import { canEditBody, canResolve, nextResolution, reactionChange } from '../domain/comment-rules';
import { storedMarkdown } from './comment-markdown';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';
import { emitSpaceUpdated } from './space-events';

/**
 * PUT of a comment: its body (the author only; sets `editedAt`), its resolution (the author or a space
 * admin; `resolvedAt`/`resolvedBy` set or cleared) and the caller's own reactions (anyone who may comment).
 * Every part is checked before anything is written. Resolving or reopening a comment on the live content
 * changes the space's open-comment counter: the space's snapshot goes out with it.
 */
export async function updateComment(ctx: ContentContext, caller: Caller, path: CommentPath, commentId: string, input: UpdateCommentBody): Promise<CommentRow> {
  const userId = requireUser(caller);
  const markdown = input.body ? storedMarkdown(input.body) : undefined;
  return ctx.db.transaction(async (trx) => {
    const { space, role, scope } = await loadCommentScope(trx, caller, path, 'comment');
    const comment = await lockComment(trx, scope, commentId);
    if (!comment) throw notFound('Comment');
    const actor = { userId, role };
    if (markdown !== undefined && !canEditBody(actor, comment.posted_by)) throw forbidden('Only the author of a comment may edit its body');
    if (input.resolved !== undefined && !canResolve(actor, comment.posted_by)) throw forbidden('Only the author of a comment or a space admin may resolve or reopen it');

    const resolution = input.resolved === undefined ? undefined : nextResolution({ resolvedAt: comment.resolved_at, resolvedBy: comment.resolved_by }, input.resolved, userId, new Date());
    const patch = {
      ...(markdown !== undefined ? { markdown, edited_at: new Date() } : {}),
      ...(resolution?.changed ? { resolved_at: resolution.resolvedAt, resolved_by: resolution.resolvedBy } : {}),
    };
    const updated = Object.keys(patch).length ? await saveComment(trx, comment.id, patch) : comment;
    const { added, removed } = reactionChange(input.addedReactions, input.removedReactions);
    await addReactions(trx, { commentId: comment.id }, userId, added);
    await removeReactions(trx, { commentId: comment.id }, userId, removed);
    if (resolution?.changed && !scope.changeRequestId) await emitSpaceUpdated(ctx, trx, space.id);
    return updated;
  });
}
