import type { Knex } from 'knex';
import { requireUser, type Caller } from '@dp/auth';
import { forbidden, HttpError, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import type { ChangeRequestRow } from '../data/change-requests';
import { contentOf, findRevision, liveRevisionOf, type RevisionRow } from '../data/revisions';
import type { SpaceRow } from '../data/spaces';
import { makeLiveRevision } from './live-revision';
import { proposeContent } from './create-change-request';
import { changedPageIds } from '../domain/revision/diff';
import { loadAuthorizedSpace } from '../queries/load-space';

/**
 * Restores a space's content to one of its earlier revisions (issue 26), for an admin of the space: a new live
 * revision of type `rollback` (parent: the live one) holding that revision's pages, files and variables, whose
 * documents and files are stored already (content-addressed). Announced as any new live revision
 * (makeLiveRevision), so search, links, sites and translations follow it. The space row is locked FOR UPDATE.
 */
export async function rollbackSpace(ctx: ContentContext, caller: Caller, spaceId: string, revisionId: string): Promise<RevisionRow> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin');
    if (space.edit_mode === 'locked') throw forbidden('Space is locked: edits are refused until editMode is set back to "live"');
    const { target, live } = await rollbackRevisions(trx, space, revisionId);
    return makeLiveRevision(ctx, trx, space, live, { type: 'rollback', content: contentOf(target), userId, changedPages: changedPageIds(contentOf(live), contentOf(target)) });
  });
}

/**
 * Proposes the same restore as a change request, for anyone who may open one (edit): a draft whose one revision,
 * of type `rollback`, holds the earlier revision's content on top of the live one. It is reviewed and merged like
 * any change request (merge rules included); a merge keeps what main changed meanwhile where it does not conflict.
 */
export async function proposeRollback(ctx: ContentContext, caller: Caller, spaceId: string, revisionId: string, subject?: string): Promise<{ cr: ChangeRequestRow; revision: RevisionRow }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'edit');
    const { target, live } = await rollbackRevisions(trx, space, revisionId);
    const { cr, revision } = await proposeContent(ctx, trx, space, { userId, subject: subject ?? `Roll back to revision ${target.id}`, base: live, content: contentOf(target), type: 'rollback' });
    return { cr, revision };
  });
}

/** The revision to restore (of this space, not the live one) and the live revision it replaces. */
async function rollbackRevisions(trx: Knex.Transaction, space: SpaceRow, revisionId: string): Promise<{ target: RevisionRow; live: RevisionRow }> {
  const target = await findRevision(trx, space.id, revisionId);
  if (!target) throw notFound('Revision');
  if (target.id === space.revision_id) throw new HttpError(409, `Revision ${target.id} is already the space's live revision`);
  const live = await liveRevisionOf(trx, space);
  return { target, live };
}
