import { authorize, type Caller, type Role } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { conflict, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { countAdminsForUpdate, lockMember, updateMemberRole } from '../data/members';
import { wouldLoseLastAdmin } from '../domain/membership';

export async function changeMemberRole(ctx: IdentityContext, caller: Caller, organizationId: string, userId: string, role: Role): Promise<void> {
  authorize(caller, organizationId, 'admin', 'Organization');
  await ctx.db.transaction(async (trx) => {
    const admins = await countAdminsForUpdate(trx, organizationId);
    const member = await lockMember(trx, organizationId, userId);
    if (!member) throw notFound('Member');
    if (member.role === role) return;
    if (wouldLoseLastAdmin(member.role, role, admins)) throw conflict('An organization must keep at least one admin');
    await updateMemberRole(trx, organizationId, userId, role);
    await ctx.emit(trx, IdentityEvents.MEMBER_UPDATED, { organizationId, userId, role, previousRole: member.role }, organizationId);
  });
}
