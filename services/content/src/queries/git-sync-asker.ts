import type { Caller } from '@dp/auth';
import { HttpError } from '@dp/http';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import type { GitSyncRunRow } from '../data/git-sync';
import { loadAuthorizedSpace } from './load-space';

/** The user a run acts for may no longer do what it does: the run ends as a failure saying so, having read and written nothing. */
export class AskerNotAllowed extends Error {}

/**
 * The user a run acts for as the gateway would present them now: their role in the space's organization (none
 * when they left it, were disabled or are a guest) and their teams, asked of identity with content's own
 * assertion. Grants on the space itself are content's and are read by the check that follows.
 */
async function askerNow(ctx: ContentContext, organizationId: string, userId: string): Promise<Caller> {
  const identity = identityApi(ctx);
  const on = { assertion: '', requestId: `git-sync:${userId}` }; // the directory signs content's own assertion
  const member = (await identity.members(organizationId, [userId], on)).get(userId);
  if (!member || member.disabled) return { userId, staff: false, memberships: {}, teams: [] };
  const teams = (await identity.memberTeams(organizationId, userId, on)) ?? [];
  return { userId, staff: false, memberships: member.role ? { [organizationId]: member.role } : {}, teams };
}

/**
 * A run is queued by a user and may start minutes later, or for every push after they connected the space: when
 * it starts, the user must still be allowed to edit the space (docs/adr/0107), or the run would act for someone
 * who was removed.
 */
export async function checkAskerMayEdit(ctx: ContentContext, run: Pick<GitSyncRunRow, 'organization_id' | 'space_id' | 'created_by'>): Promise<void> {
  const caller = await askerNow(ctx, run.organization_id, run.created_by);
  try {
    await loadAuthorizedSpace(ctx.db, caller, run.space_id, 'edit');
  } catch (err) {
    if (err instanceof HttpError && (err.status === 403 || err.status === 404)) throw new AskerNotAllowed('the user who asked for this sync may no longer edit the space');
    throw err;
  }
}
