import type { Migration } from '@dp/db';
import { createAuditEvents } from './20261228000001_create_audit_events';
import { createTeamSpaces } from './20261228000002_create_team_spaces';
import { addMergeRulesToOrganizations } from './20261229000001_add_merge_rules_to_organizations';
import { createUsersAndTokens } from './20261122000001_create_users_and_tokens';
import { createOrganizationsAndMembers } from './20261122000002_create_organizations_and_members';
import { principalFunction } from './20261122000003_principal_function';
import { dropPrincipalFunction } from './20261201000001_drop_principal_function';
import { guestsAndTeams } from './20261210000001_guests_and_teams';
import { samlProviders } from './20261210000002_saml_providers';
import { linkInvitesAndTokenLifecycle } from './20261210000003_link_invites_and_token_lifecycle';
import { invitesSsoAndDefaultRole } from './20261210000005_invites_sso_and_default_role';
import { createSamlLinks } from './20261220000001_create_saml_links';

// Forward-only: 20261122000003 stays for databases that ran it; 20261201000001 drops what it created.
export const migrations: Migration[] = [
  createUsersAndTokens,
  createOrganizationsAndMembers,
  principalFunction,
  dropPrincipalFunction,
  guestsAndTeams,
  samlProviders,
  linkInvitesAndTokenLifecycle,
  invitesSsoAndDefaultRole,
  createSamlLinks,
  createAuditEvents,
  createTeamSpaces,
  addMergeRulesToOrganizations,
];
