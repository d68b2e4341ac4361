import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { forbidden, HttpError, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { recordFormerPaths } from '../data/former-page-paths';
import { contentOf, findRevision, insertRevision, type RevisionRow } from '../data/revisions';
import { updateSpace } from '../data/spaces';
import { changedPages } from '../domain/revision/changed-pages';
import { movedPages } from '../domain/revision/moved-pages';
import { loadAuthorizedSpace } from '../queries/load-space';
import { emitSpaceUpdated } from './space-events';

/**
 * Restores a space's content to one of its earlier revisions (issue 26), for an admin of the space: a new live
 * revision of type `rollback` (parent: the live one) holding that revision's pages, files and variables, which
 * the documents and files it names already are (content-addressed). Announced as any new live revision, so
 * search, links, sites and translations follow it as they follow a merge. The space row is locked FOR UPDATE.
 */
export async function rollbackSpace(ctx: ContentContext, caller: Caller, spaceId: string, revisionId: string): Promise<RevisionRow> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin');
    if (space.edit_mode === 'locked') throw forbidden('Space is locked: edits are refused until editMode is set back to "live"');
    const target = await findRevision(trx, space.id, revisionId);
    if (!target) throw notFound('Revision');
    if (target.id === space.revision_id) throw new HttpError(409, `Revision ${target.id} is already the space's live revision`);
    const live = await findRevision(trx, space.id, space.revision_id);
    if (!live) throw new Error(`live revision ${space.revision_id} of space ${space.id} is missing`);
    const revision = await insertRevision(trx, { id: newId(), space_id: space.id, parents: [live.id], created_by: userId, type: 'rollback', content: contentOf(target) });
    await updateSpace(trx, space.id, { revision_id: revision.id });
    await recordFormerPaths(trx, space.id, movedPages(live.pages, target.pages));
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      { revisionId: revision.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: null, live: true, parents: revision.parents, changedPages: changedPages(live.pages, target.pages) },
      space.id,
    );
    await emitSpaceUpdated(ctx, trx, space.id);
    return revision;
  });
}
