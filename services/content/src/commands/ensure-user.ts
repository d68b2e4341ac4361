import type { Caller } from '@dp/auth';
import type { OnBehalfOf } from '@dp/http';
import { identityApi } from '../clients/identity';
import type { ContentContext } from '../context';
import { findUsers, upsertUser } from '../data/users';

/**
 * Makes sure the local copy knows the calling user. It is kept by `identity.user.created` events; a user
 * created a moment ago may not have arrived yet, so identity is asked once, on the caller's behalf.
 */
export async function ensureCallerKnown(ctx: ContentContext, caller: Caller, on: OnBehalfOf): Promise<void> {
  if (!caller.userId || (await findUsers(ctx.db, [caller.userId])).size) return;
  const user = await identityApi(ctx).currentUser(on);
  if (user) await upsertUser(ctx.db, { id: user.id, email: user.email ?? '', display_name: user.displayName, photo_url: user.photoURL });
}
