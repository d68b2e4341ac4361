import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { Knex } from 'knex';
import type { ContentContext } from '../context';
import { insertComment, type CommentRow } from '../data/comments';
import { loadDocuments } from '../data/documents';
import { findRevision } from '../data/revisions';
import type { PostCommentBody } from '../schemas/comments';
import { nodePreview } from '../domain/comment-target';
import { storedMarkdown } from './comment-markdown';
import { loadCommentScope, type CommentPath } from '../queries/load-comment-scope';
import { emitSpaceUpdated } from './space-events';

/**
 * Posts a top-level comment on a space's live content or on a change request, optionally anchored to a page
 * of that content and to a block (`node`, a block key) of the page's document. The comment keeps the
 * revision it was posted on. `content.comment.created` goes out in the same transaction, and a comment on
 * the live content changes the space's open-comment counter, so the space's snapshot goes out too.
 */
export async function postComment(ctx: ContentContext, caller: Caller, path: CommentPath, input: PostCommentBody): Promise<CommentRow> {
  const userId = requireUser(caller);
  const markdown = storedMarkdown(input.body);
  if (input.node !== undefined && input.page === undefined) throw badRequest('body.node needs body.page: a node is a block of a page');
  return ctx.db.transaction(async (trx) => {
    const { space, scope, revisionId } = await loadCommentScope(trx, caller, path, 'comment');
    const preview = input.page !== undefined ? await checkTarget(trx, space.id, revisionId, input.page, input.node) : undefined;
    return writeComment(ctx, trx, space, { changeRequestId: scope.changeRequestId, revisionId, markdown, postedBy: userId, page: input.page, node: input.node, preview });
  });
}

/** Stores a comment someone may post there (the caller checked it) and announces it, in the caller's transaction. */
export async function writeComment(
  ctx: ContentContext,
  trx: Knex.Transaction,
  space: { id: string; organization_id: string },
  c: { changeRequestId: string | null; revisionId: string; markdown: string; postedBy: string; page?: string; node?: string; preview?: string },
): Promise<CommentRow> {
  const comment = await insertComment(trx, {
    id: newId(),
    space_id: space.id,
    change_request_id: c.changeRequestId,
    revision_id: c.revisionId,
    page_id: c.page ?? null,
    node_id: c.node ?? null,
    node_preview: c.preview ?? null,
    markdown: c.markdown,
    posted_by: c.postedBy,
  });
  await ctx.emit(
    trx,
    ContentEvents.COMMENT_CREATED,
    { commentId: comment.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: c.changeRequestId, postedBy: c.postedBy },
    space.id,
  );
  if (!c.changeRequestId) await emitSpaceUpdated(ctx, trx, space.id);
  return comment;
}

/** The page must be in the content commented on, and the node a block of its document; returns the node's preview. */
async function checkTarget(trx: Knex.Transaction, spaceId: string, revisionId: string, pageId: string, node: string | undefined): Promise<string | undefined> {
  const revision = await findRevision(trx, spaceId, revisionId);
  const page = revision?.pages.find((p) => p.id === pageId);
  if (!page) throw badRequest(`body.page: page ${pageId} does not exist in this content`);
  if (node === undefined) return undefined;
  const markdown = page.documentHash ? (await loadDocuments(trx, [page.documentHash])).get(page.documentHash) : undefined;
  const preview = markdown === undefined ? undefined : nodePreview(markdown, node);
  if (preview === undefined) throw badRequest(`body.node: page ${pageId} has no block ${node} (keys as format=document shows them)`);
  return preview;
}
