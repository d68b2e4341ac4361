import { IdentityEvents } from '@dp/events';
import { forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertMember } from '../data/members';
import { findOrganization } from '../data/organizations';
import { existingUserIds } from '../data/users';
import { admittedWithoutSso } from '../domain/invites';

/**
 * Makes users who are not in the organization its guests (a member without a role, docs/adr/0100), for a context
 * that grants one of them something there (inviting a non-member to a space, a collection or a site). Users with no
 * account are answered back, and then nobody is added; under SSO enforcement guests join through the identity
 * provider, so it is a 403. Those already members stay as they are.
 */
export async function addGuests(ctx: IdentityContext, organizationId: string, userIds: string[]): Promise<{ added: string[]; unknown: string[] }> {
  return ctx.db.transaction(async (trx) => {
    const org = await findOrganization(trx, organizationId);
    if (!org) throw notFound('Organization');
    const known = new Set(await existingUserIds(trx, userIds));
    const unknown = userIds.filter((id) => !known.has(id));
    if (unknown.length) return { added: [], unknown };
    if (!admittedWithoutSso(org.sso, null)) throw forbidden('This organization enforces SSO: guests join through its identity provider');
    const added: string[] = [];
    for (const userId of known) {
      if (!(await insertMember(trx, { organization_id: organizationId, user_id: userId, role: null }))) continue;
      added.push(userId);
      await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId, userId, role: null }, organizationId);
    }
    if (added.length) ctx.log.info({ organizationId, guests: added.length }, 'guests added by a grant');
    return { added, unknown: [] };
  });
}
