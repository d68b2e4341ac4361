import { abilitiesOf, type Role } from '@dp/auth';

/**
 * `permissions` of an Organization for a member with `role`: identity presents its organizations, and
 * integrations an integration's owner from its local copy, so both advertise the same.
 */
export function organizationPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return {
    view: a.view,
    access: a.view,
    admin: a.admin,
    ownTeam: a.view,
    createContent: a.createContent,
    createOpenAPISpec: a.createContent,
    viewBilling: a.admin,
    listMembers: a.view,
    listTeams: a.view,
    listIntegrations: a.view,
    listInstallations: a.view,
    installIntegration: a.admin,
  };
}
