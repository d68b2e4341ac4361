import { authorize, type Caller } from '@dp/auth';
import { IdentityEvents } from '@dp/events';
import type { Knex } from 'knex';
import { jsonb, type Writable, isUniqueViolation } from '@dp/db';
import { conflict, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findOrganization, isHostnameTaken, updateOrganization, type OrganizationRow } from '../data/organizations';
import type { UpdateOrganizationBody } from '../schemas/organizations';

/** The columns a patch sets: only the fields it carries; a field given as null clears its column. */
function columnsOf(db: Knex, patch: UpdateOrganizationBody): Writable<OrganizationRow> {
  const row: Writable<OrganizationRow> = {};
  if (patch.title !== undefined) row.title = patch.title;
  if (patch.emailDomains !== undefined) row.email_domains = patch.emailDomains.map((d) => d.toLowerCase());
  if (patch.hostname !== undefined) row.hostname = patch.hostname;
  if (patch.defaultRole !== undefined) row.default_role = patch.defaultRole;
  if (patch.defaultContent !== undefined) row.default_content = patch.defaultContent === null ? null : jsonb(db, patch.defaultContent);
  if (patch.logo !== undefined) row.logo = patch.logo;
  if (patch.sso !== undefined) row.sso = patch.sso;
  if (patch.ai !== undefined) row.ai = patch.ai;
  if (patch.inviteLinks !== undefined) row.invite_links = patch.inviteLinks;
  if (patch.mergeRules !== undefined) row.merge_rules = jsonb(db, patch.mergeRules);
  return row;
}

export async function updateOrganizationSettings(ctx: IdentityContext, caller: Caller, organizationId: string, patch: UpdateOrganizationBody): Promise<OrganizationRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    if (!(await findOrganization(trx, organizationId))) throw notFound('Organization');
    if (patch.hostname && (await isHostnameTaken(trx, patch.hostname, organizationId))) throw conflict(`Hostname ${patch.hostname} is already taken`);
    const org = await updateOrganization(trx, organizationId, columnsOf(trx, patch));
    await ctx.emit(trx, IdentityEvents.ORGANIZATION_UPDATED, { organizationId, title: org.title, mergeRules: org.merge_rules, changed: Object.keys(patch) }, organizationId);
    return org;
  }).catch((err) => {
    if (isUniqueViolation(err)) throw conflict(`Hostname ${patch.hostname} is already taken`);
    throw err;
  });
}
