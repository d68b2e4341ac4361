import type { Role } from '@dp/auth';
import { organizationPermissions } from '@dp/presenters';
import { iso, type Links } from '@dp/http';
import type { OrganizationRow } from '../data/organizations';

/** Organization JSON for a caller with `role` in it (undefined: not a member, every permission false). */
export function presentOrganization(org: OrganizationRow, role: Role | undefined, links: Links) {
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: iso(org.created_at)!,
    emailDomains: org.email_domains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    ...(org.use_case ? { useCase: org.use_case } : {}),
    ...(org.community_type ? { communityType: org.community_type } : {}),
    defaultRole: org.default_role,
    ...(org.default_content ? { defaultContent: org.default_content } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.invite_links,
    plan: 'free_2024',
    mergeRules: org.merge_rules,
    trial: { status: 'notapplicable' as const, count: 0 },
    urls: {
      location: links.api(`/orgs/${org.id}`),
      app: links.app(`/o/${org.id}`),
      ...(org.logo ? { logo: org.logo } : {}),
    },
    permissions: organizationPermissions(role),
  };
}
