import type { Caller } from '@dp/auth';
import { serviceClient } from '@dp/http';
import type { ContentContext } from '../context';
import { findUsers, upsertUser } from '../data/users';

/**
 * Makes sure the local copy knows the calling user. It is kept by `identity.user.created` events; a user
 * created a moment ago may not have arrived yet, so identity is asked once, on the caller's behalf.
 */
export async function ensureCallerKnown(ctx: ContentContext, caller: Caller, assertion: string, requestId?: string): Promise<void> {
  if (!caller.userId || (await findUsers(ctx.db, [caller.userId])).size) return;
  const res = await serviceClient(ctx.config.IDENTITY_URL, { serviceName: 'identity' })<{ id: string; email?: string; displayName: string; photoURL?: string }>(
    'GET',
    '/v1/user',
    assertion,
    { requestId },
  );
  if (res.status === 200) await upsertUser(ctx.db, { id: res.body.id, email: res.body.email ?? '', display_name: res.body.displayName, photo_url: res.body.photoURL });
}
