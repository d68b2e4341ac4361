import { iso } from '@dp/http';
import type { SamlLinkWithProvider } from '../data/saml-links';
import type { SamlLink } from '../schemas/saml-links';

/** A link of a user's account to a SAML provider, as its owner sees it (schemas/saml-links.ts `samlLinkSchema`). */
export function presentSamlLink(link: SamlLinkWithProvider): SamlLink {
  return {
    object: 'saml-link',
    samlProvider: { id: link.provider_id, label: link.provider_label },
    organization: link.organization_id,
    subject: link.name_id,
    createdAt: iso(link.created_at)!,
  };
}
