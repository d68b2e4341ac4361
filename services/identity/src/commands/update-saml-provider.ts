import { authorize, type Caller } from '@dp/auth';
import type { Writable } from '@dp/db';
import { IdentityEvents } from '@dp/events';
import { notFound } from '@dp/http';
import type { IdentityContext } from '../context';
import { lockSamlProvider, updateSamlProvider, type SamlProviderRow } from '../data/saml-providers';
import type { UpdateSamlProviderBody } from '../schemas/saml-providers';
import { checkSamlProviderInput } from './saml-provider-input';

/** The columns a patch sets: only the fields it carries (`defaultTeam: null` removes the default team). */
function columnsOf(patch: UpdateSamlProviderBody): Writable<SamlProviderRow> {
  const row: Writable<SamlProviderRow> = {};
  if (patch.label !== undefined) row.label = patch.label;
  if (patch.entityID !== undefined) row.entity_id = patch.entityID;
  if (patch.ssoURL !== undefined) row.sso_url = patch.ssoURL;
  if (patch.certificate !== undefined) row.certificate = patch.certificate;
  if (patch.defaultTeam !== undefined) row.default_team_id = patch.defaultTeam;
  if (patch.defaultRole !== undefined) row.default_role = patch.defaultRole;
  return row;
}

export async function updateSamlProviderSettings(
  ctx: IdentityContext,
  caller: Caller,
  organizationId: string,
  samlProviderId: string,
  patch: UpdateSamlProviderBody,
): Promise<SamlProviderRow> {
  authorize(caller, organizationId, 'admin', 'Organization');
  return ctx.db.transaction(async (trx) => {
    if (!(await lockSamlProvider(trx, organizationId, samlProviderId))) throw notFound('SAML provider');
    await checkSamlProviderInput(ctx, trx, organizationId, patch);
    const provider = await updateSamlProvider(trx, samlProviderId, columnsOf(patch));
    await ctx.emit(trx, IdentityEvents.SAML_PROVIDER_UPDATED, { organizationId, samlProviderId, label: provider.label, changed: Object.keys(patch) }, organizationId);
    return provider;
  });
}
