import type { Knex } from 'knex';
import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { addContributor, insertChangeRequest, nextChangeRequestNumber, updateChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import { contentOf, insertRevision, type RevisionGitCommit, type RevisionRow } from '../data/revisions';
import { changedPageIds } from '../domain/revision/diff';
import type { RevisionContent } from '../domain/revision/types';
import { emitSpaceUpdated } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';
import type { SpaceRow } from '../data/spaces';

/** Opens a change request on a space, as a draft starting from the space's live revision. */
export async function createChangeRequest(ctx: ContentContext, caller: Caller, spaceId: string, input: { subject?: string }): Promise<ChangeRequestRow> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'edit');
    return openChangeRequest(ctx, trx, space, userId, input.subject ?? '');
  });
}

/** Opens the draft in the caller's transaction (which authorized `userId` to edit `space`) and announces it. */
export async function openChangeRequest(ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow, userId: string, subject: string): Promise<ChangeRequestRow> {
  if (space.edit_mode === 'locked') throw forbidden('Space is locked: no change request can be opened until editMode is set back to "live"');
  const cr = await insertChangeRequest(trx, {
    id: newId(),
    space_id: space.id,
    number: await nextChangeRequestNumber(trx, space.id),
    status: 'draft',
    subject,
    created_by: userId,
    revision_initial: space.revision_id,
    revision_id: space.revision_id,
  });
  await ctx.emit(
    trx,
    ContentEvents.CHANGE_REQUEST_CREATED,
    { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, number: cr.number, subject: cr.subject, createdBy: userId },
    space.id,
  );
  await emitSpaceUpdated(ctx, trx, space.id);
  return cr;
}

/**
 * Opens a draft whose one revision holds `content` on top of `base` (its merge base): a rollback proposed, a Git
 * Sync import when both sides changed. Announced as a new revision of the change request.
 */
export async function proposeContent(
  ctx: ContentContext,
  trx: Knex.Transaction,
  space: SpaceRow,
  proposal: { userId: string; subject: string; base: RevisionRow; content: RevisionContent; type: 'rollback' | 'edits'; git?: RevisionGitCommit },
): Promise<{ cr: ChangeRequestRow; revision: RevisionRow }> {
  const { userId, base, content } = proposal;
  const opened = await openChangeRequest(ctx, trx, space, userId, proposal.subject);
  const revision = await insertRevision(trx, { id: newId(), space_id: space.id, parents: [base.id], created_by: userId, type: proposal.type, change_request_id: opened.id, content, git: proposal.git });
  const cr = await updateChangeRequest(trx, opened.id, { revision_initial: base.id, revision_id: revision.id });
  await addContributor(trx, cr.id, userId);
  const changedPages = changedPageIds(contentOf(base), content);
  await ctx.emit(
    trx,
    ContentEvents.REVISION_CREATED,
    { revisionId: revision.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: cr.id, live: false, parents: revision.parents, changedPages },
    space.id,
  );
  await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_UPDATED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: cr.status, changed: ['content'] }, space.id);
  return { cr, revision };
}
