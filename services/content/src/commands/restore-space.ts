import type { Caller, Role } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import { conflict, HttpError } from '@dp/http';
import type { ContentContext } from '../context';
import { updateSpace, type SpaceRow } from '../data/spaces';
import { isRestorable } from '../domain/space-lifecycle';
import { versionedSnapshot } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';

export async function restoreSpace(ctx: ContentContext, caller: Caller, spaceId: string): Promise<{ space: SpaceRow; role: Role }> {
  return ctx.db.transaction(async (trx) => {
    const { space, role } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin', { includeDeleted: true });
    if (!space.deleted_at) throw conflict('Space is not deleted');
    if (!isRestorable(space.deleted_at, new Date(), ctx.config.CONTENT_RESTORE_WINDOW_DAYS)) {
      throw new HttpError(404, `Space was deleted more than ${ctx.config.CONTENT_RESTORE_WINDOW_DAYS} days ago and can no longer be restored`);
    }
    const restored = await updateSpace(trx, spaceId, { deleted_at: null });
    await ctx.emit(trx, ContentEvents.SPACE_RESTORED, { space: await versionedSnapshot(trx, restored) }, spaceId);
    return { space: restored, role };
  });
}
