import type { ContentContext } from '../context';
import type { ChangeRequestRow } from '../data/change-requests';
import { countOpenChangeRequestComments } from '../data/comments';
import { findUsers } from '../data/users';
import { changeRequestUserIds, presentChangeRequest } from '../presenters/change-request';

/** ChangeRequest JSON of one change request, as GET change request presents it (embedded in other answers). */
export async function changeRequestJson(ctx: ContentContext, cr: ChangeRequestRow, liveRevisionId: string) {
  const [users, comments] = await Promise.all([findUsers(ctx.db, changeRequestUserIds([cr])), countOpenChangeRequestComments(ctx.db, [cr.id])]);
  return presentChangeRequest(cr, users, liveRevisionId, comments.get(cr.id) ?? 0, ctx.links);
}
