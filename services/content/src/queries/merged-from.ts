import type { ContentContext } from '../context';
import { findChangeRequest } from '../data/change-requests';
import type { RevisionRow } from '../data/revisions';
import type { SpaceRow } from '../data/spaces';
import { changeRequestJson } from './change-request-json';

/** The change request a merge revision merged (the official Revision merge variant's `mergedFrom`). */
export async function mergedFromOf(ctx: ContentContext, space: SpaceRow, revision: RevisionRow) {
  if (revision.type !== 'merge' || !revision.change_request_id) return undefined;
  const cr = await findChangeRequest(ctx.db, space.id, revision.change_request_id);
  return cr && changeRequestJson(ctx, cr, space.revision_id);
}
