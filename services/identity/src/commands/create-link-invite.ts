import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest, forbidden, notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { insertLinkInvite, type LinkInviteRow } from '../data/link-invites';
import { findOrganization } from '../data/organizations';
import { linkInviteRefusal } from '../domain/invites';
import type { CreateLinkInviteBody } from '../schemas/link-invites';

/** An admin creates an invite link to the organization with a role (null: guests), when the settings allow it. */
export async function createLinkInvite(ctx: IdentityContext, caller: Caller, organizationId: string, body: CreateLinkInviteBody): Promise<LinkInviteRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  const createdBy = requireUser(caller);
  const content = body.space !== undefined ? 'body.space' : body.collection !== undefined ? 'body.collection' : body.level !== undefined ? 'body.level' : undefined;
  if (content) throw badRequest(`${content}: invites to a space or a collection are not supported (there are no content invites here); send {"role": ...} to invite to the organization`);
  if (body.role === undefined) throw badRequest('body.role is required (a role, or null for guests)');
  const role = body.role;
  return ctx.db.transaction(async (trx) => {
    const org = await findOrganization(trx, organizationId);
    if (!org) throw notFound('Organization');
    const refusal = linkInviteRefusal(org, role, 'create');
    if (refusal) throw forbidden(refusal);
    return insertLinkInvite(trx, { id: newId(), organization_id: organizationId, role, created_by: createdBy });
  });
}
