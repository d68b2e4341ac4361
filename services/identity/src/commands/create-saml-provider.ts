import { authorize, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { findOrganization } from '../data/organizations';
import { insertSamlProvider, type SamlProviderRow } from '../data/saml-providers';
import { defaultSamlRole } from '../domain/saml-providers';
import type { CreateSamlProviderBody } from '../schemas/saml-providers';
import { checkSamlProviderInput } from './saml-provider-input';

/** An admin configures a SAML identity provider; `pending` until its entityID, ssoURL and certificate are all set. */
export async function createSamlProvider(ctx: IdentityContext, caller: Caller, organizationId: string, input: CreateSamlProviderBody): Promise<SamlProviderRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const org = await findOrganization(trx, organizationId);
    if (!org) throw notFound('Organization');
    await checkSamlProviderInput(ctx, trx, organizationId, input);
    const provider = await insertSamlProvider(trx, {
      id: newId(),
      organization_id: organizationId,
      label: input.label,
      entity_id: input.entityID ?? null,
      sso_url: input.ssoURL ?? null,
      certificate: input.certificate ?? null,
      default_team_id: input.defaultTeam ?? null,
      default_role: defaultSamlRole(input.defaultRole, org.default_role),
    });
    await ctx.emit(trx, IdentityEvents.SAML_PROVIDER_CREATED, { organizationId, samlProviderId: provider.id, label: provider.label }, organizationId);
    return provider;
  });
}
