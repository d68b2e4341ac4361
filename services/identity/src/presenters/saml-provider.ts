import { iso, type Links } from '@dp/http';
import type { SamlProviderRow } from '../data/saml-providers';
import type { TeamWithCounts } from '../data/teams';
import { samlProviderStatus, samlServiceUrls } from '../domain/saml-providers';
import { presentTeam } from './team';

/**
 * The official OrganizationSAMLProvider. Reads are for organization admins only (the certificate is
 * configuration), so the default team is presented as its admin sees it. Fields of the identity provider not
 * set yet (a `pending` provider) are empty strings: the official schema requires them (ssoURL's empty value
 * is declared in libs/testing contract.ts).
 */
export function presentSamlProvider(provider: SamlProviderRow, defaultTeam: TeamWithCounts | undefined, publicUrl: string, links: Links) {
  return {
    object: 'saml-provider' as const,
    id: provider.id,
    label: provider.label,
    ssoURL: provider.sso_url ?? '',
    entityID: provider.entity_id ?? '',
    certificate: provider.certificate ?? '',
    ...(defaultTeam ? { defaultTeam: presentTeam(defaultTeam, true) } : {}),
    defaultRole: provider.default_role,
    createdAt: iso(provider.created_at)!,
    status: samlProviderStatus(provider),
    service: samlServiceUrls(publicUrl, provider.id),
    urls: { location: links.api(`/orgs/${provider.organization_id}/saml/${provider.id}`) },
  };
}

/** An item of `GET ORG/sso`: where a member starts signing in with the provider. */
export function presentSsoLogin(provider: SamlProviderRow, publicUrl: string) {
  return { id: provider.id, label: provider.label, startURL: samlServiceUrls(publicUrl, provider.id).startURL };
}
