import type { Caller } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { findSpace, updateSpace } from '../data/spaces';
import { versionedSnapshot } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';

/**
 * Soft-deletes a space: hidden from lists, restorable within the window, then purged by the worker.
 * Returns false when there was nothing to delete (unknown or already deleted).
 */
export async function deleteSpace(ctx: ContentContext, caller: Caller, spaceId: string): Promise<boolean> {
  const existing = await findSpace(ctx.db, spaceId);
  if (!existing || existing.deleted_at) return false;
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, caller, spaceId, 'admin', { includeDeleted: true });
    if (space.deleted_at) return false;
    const deleted = await updateSpace(trx, spaceId, { deleted_at: trx.fn.now() });
    await ctx.emit(trx, ContentEvents.SPACE_DELETED, { space: await versionedSnapshot(trx, deleted) }, spaceId);
    return true;
  });
}
