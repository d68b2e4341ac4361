import { authorize, type Caller, type Role } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { conflict } from '@dp/http';
import type { IdentityContext } from '../context';
import { countAdminsForUpdate, deleteMember, lockMember } from '../data/members';
import { wouldLoseLastAdmin } from '../domain/membership';

/** Admins remove anyone; any member may remove themselves (leave). Returns false when there was no such member. */
export async function removeMember(ctx: IdentityContext, caller: Caller, organizationId: string, userId: string): Promise<boolean> {
  if (caller.userId !== userId) authorize(caller, organizationId, 'admin', 'Organization');
  else authorize(caller, organizationId, 'view', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const admins = await countAdminsForUpdate(trx, organizationId);
    const member = await lockMember(trx, organizationId, userId);
    if (!member) return false;
    if (wouldLoseLastAdmin(member.role as Role, undefined, admins)) throw conflict('An organization must keep at least one admin');
    await deleteMember(trx, organizationId, userId);
    await ctx.emit(trx, IdentityEvents.MEMBER_REMOVED, { organizationId, userId }, organizationId);
    return true;
  });
}
