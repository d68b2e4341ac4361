import { newId } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import type { IdentityContext } from '../context';
import { insertOrganization, type OrganizationRow } from '../data/organizations';
import { insertMember } from '../data/members';

/** The caller creates an organization and becomes its first admin. */
export async function createOrganization(ctx: IdentityContext, userId: string, input: { title: string; emailDomains?: string[] }): Promise<OrganizationRow> {
  return ctx.db.transaction(async (trx) => {
    const org = await insertOrganization(trx, {
      id: newId(),
      title: input.title,
      email_domains: (input.emailDomains ?? []).map((d) => d.toLowerCase()),
      // Plain emails are invited as readers until an admin chooses otherwise (null: as guests; docs/adr/0037).
      default_role: 'read',
      created_by: userId,
    });
    await insertMember(trx, { organization_id: org.id, user_id: userId, role: 'admin' });
    await ctx.emit(trx, IdentityEvents.ORGANIZATION_CREATED, { organizationId: org.id, title: org.title, createdBy: userId }, org.id);
    await ctx.emit(trx, IdentityEvents.MEMBER_ADDED, { organizationId: org.id, userId, role: 'admin' }, org.id);
    return org;
  });
}
