import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { Knex } from 'knex';
import type { ContentContext } from '../context';
import { recordFormerPaths } from '../data/former-page-paths';
import { insertRevision, type RevisionGitCommit, type RevisionRow } from '../data/revisions';
import { updateSpace, type SpaceRow } from '../data/spaces';
import { movedPages } from '../domain/revision/moved-pages';
import type { RevisionContent } from '../domain/revision/types';
import { emitSpaceUpdated } from './space-events';
import { exportLiveChange } from './follow-live-change';

/**
 * Makes `content` the space's live content as ONE new revision whose parent is the live one (live edits, a
 * rollback, a Git Sync import): the space points at it, moved pages keep their former paths, and it is announced as a new live
 * revision (search, links, sites and translations follow) with the space's snapshot. In the caller's
 * transaction, which holds the space row FOR UPDATE.
 */
export async function makeLiveRevision(
  ctx: ContentContext,
  trx: Knex.Transaction,
  space: SpaceRow,
  live: RevisionRow,
  next: { type: 'edits' | 'rollback'; content: RevisionContent; userId: string; changedPages: string[]; git?: RevisionGitCommit },
): Promise<RevisionRow> {
  const revision = await insertRevision(trx, { id: newId(), space_id: space.id, parents: [live.id], created_by: next.userId, type: next.type, content: next.content, git: next.git });
  await updateSpace(trx, space.id, { revision_id: revision.id });
  await recordFormerPaths(trx, space.id, movedPages(live.pages, next.content.pages));
  await ctx.emit(
    trx,
    ContentEvents.REVISION_CREATED,
    { revisionId: revision.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: null, live: true, parents: revision.parents, changedPages: next.changedPages },
    space.id,
  );
  await emitSpaceUpdated(ctx, trx, space.id);
  // What came from the repository is not written back to it.
  if (!next.git) await exportLiveChange(ctx, trx, space, next.userId, { message: next.type === 'rollback' ? 'Rollback' : 'Live edits' });
  return revision;
}
