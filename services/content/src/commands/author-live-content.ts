import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest, forbidden } from '@dp/http';
import type { ContentContext } from '../context';
import { storeBlobs, storeDocuments } from '../data/documents';
import { contentOf, liveRevisionOf, type RevisionRow } from '../data/revisions';
import { makeLiveRevision } from './live-revision';
import { officialDocumentError } from '../domain/revision/official-document';
import { applyChanges, type ApplyResult } from '../domain/revision/apply-changes';
import type { ContentChange } from '../domain/revision/changes';
import { ContentError } from '../domain/revision/types';
import { loadAuthorizedSpace } from '../queries/load-space';

/**
 * Applies a batch of changes (no `revert_page`: there is no change request base) straight to a space's live
 * content: ONE new revision (parent: the live one) that becomes the live revision, as a merge does. The
 * space row is locked FOR UPDATE, so this waits for merges and authoring on its change requests.
 */
export async function authorLiveContent(
  ctx: ContentContext,
  caller: Caller,
  spaceId: string,
  changes: ContentChange[],
): Promise<{ revision: RevisionRow; result: ApplyResult }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'edit');
    if (space.edit_mode === 'locked') throw forbidden('Space is locked: edits are refused until editMode is set back to "live"');
    const live = await liveRevisionOf(trx, space);
    let result: ApplyResult;
    try {
      result = applyChanges(contentOf(live), changes, { now: new Date().toISOString(), newId: () => newId(), revisions: new Map(), checkDocument: officialDocumentError });
    } catch (err) {
      if (err instanceof ContentError) throw badRequest(err.message);
      throw err;
    }
    await storeDocuments(trx, result.documents, result.writtenDocuments);
    await storeBlobs(trx, result.blobs);
    const revision = await makeLiveRevision(ctx, trx, space, live, { type: 'edits', content: result.content, userId, changedPages: result.changedPageIds });
    return { revision, result };
  });
}
