import type { Role } from '@dp/auth';
import { organizationPermissions } from '@dp/presenters';
import { iso, type Links } from '@dp/http';
import type { OrganizationRow } from '../data/organizations';

/**
 * An integration's owner as an Organization object, from the local copy kept from identity's events (id,
 * title, creation time, merge rules) for a caller with `role` in it (undefined: not a member).
 */
export function presentOwner(org: Pick<OrganizationRow, 'id' | 'title' | 'created_at' | 'merge_rules'>, role: Role | undefined, links: Links) {
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: iso(org.created_at)!,
    // Identity's organization events carry neither the email domains nor the invite-link setting, so this
    // context does not know them: an owner is shown without disclosed domains and with invite links off.
    // The organization itself (GET /v1/orgs/{id}) is the source of truth for those.
    emailDomains: [] as string[],
    inviteLinks: false,
    // The same values identity presents for every organization on this platform (single type and plan, no trials).
    type: 'business' as const,
    plan: 'free_2024' as const,
    mergeRules: org.merge_rules ?? { type: 'none' as const },
    trial: { status: 'notapplicable' as const, count: 0 },
    urls: {
      location: links.api(`/orgs/${org.id}`),
      app: links.app(`/o/${org.id}`),
    },
    permissions: organizationPermissions(role),
  };
}
