import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import { conflict, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findOrganization, isHostnameTaken, updateOrganization, type OrganizationRow } from '../data/organizations';
import type { UpdateOrganizationBody } from '../schemas/organizations';

const COLUMNS: Record<keyof UpdateOrganizationBody, keyof OrganizationRow> = {
  title: 'title',
  emailDomains: 'email_domains',
  hostname: 'hostname',
  defaultRole: 'default_role',
  defaultContent: 'default_content',
  logo: 'logo',
  sso: 'sso',
  ai: 'ai',
  inviteLinks: 'invite_links',
};

export async function updateOrganizationSettings(ctx: IdentityContext, caller: Caller, organizationId: string, patch: UpdateOrganizationBody): Promise<OrganizationRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    if (!(await findOrganization(trx, organizationId))) throw notFound('Organization');
    if (patch.hostname && (await isHostnameTaken(trx, patch.hostname, organizationId))) throw conflict(`Hostname ${patch.hostname} is already taken`);
    const row: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(patch)) {
      const column = COLUMNS[field as keyof UpdateOrganizationBody];
      if (field === 'emailDomains') row[column] = (value as string[]).map((d) => d.toLowerCase());
      else if (field === 'defaultContent') row[column] = value === null ? null : JSON.stringify(value);
      else row[column] = value;
    }
    const org = await updateOrganization(trx, organizationId, row as Partial<OrganizationRow>);
    await ctx.emit(trx, IdentityEvents.ORGANIZATION_UPDATED, { organizationId, title: org.title, changed: Object.keys(patch) }, organizationId);
    return org;
  }).catch((err) => {
    if ((err as { code?: string }).code === '23505') throw conflict(`Hostname ${patch.hostname} is already taken`);
    throw err;
  });
}
