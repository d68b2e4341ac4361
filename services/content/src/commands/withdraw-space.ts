import { ContentEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { ContentContext } from '../context';
import { lockSpace, updateSpace } from '../data/spaces';
import { withdrawalProblem } from '../domain/space-withdrawal';
import { versionedSnapshot } from './space-events';

/**
 * Another service takes back a space it had just created on a member's behalf, because what the space was
 * for failed (sites: a site created with a new space whose own transaction failed; docs/adr/0039). The member
 * may not be allowed to delete spaces (a `create` member), so this is the service's act, not theirs: only
 * the space that user created moments ago can be withdrawn, and it is deleted as DELETE would (restorable
 * within the window, `content.space.deleted`). False when there was nothing to withdraw.
 */
export async function withdrawSpace(ctx: ContentContext, spaceId: string, createdBy: string): Promise<boolean> {
  return ctx.db.transaction(async (trx) => {
    const space = await lockSpace(trx, spaceId);
    if (!space || space.deleted_at) return false;
    const problem = withdrawalProblem(space, createdBy, new Date());
    if (problem) throw conflict(problem);
    const deleted = await updateSpace(trx, spaceId, { deleted_at: trx.fn.now() });
    await ctx.emit(trx, ContentEvents.SPACE_DELETED, { space: await versionedSnapshot(trx, deleted) }, spaceId);
    return true;
  });
}
