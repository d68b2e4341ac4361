import { presentUser, type UserLike } from '@dp/presenters';
import type { TeamJson } from '@dp/contracts';
import type { Links } from '@dp/http';
import type { PermissionRow } from '../data/content-permissions';

/** The official UserContentPermission; a grant whose user content has no copy of is left out. */
export const presentUserPermission = (row: PermissionRow, user: UserLike | undefined, links: Links) =>
  user ? [{ permission: row.role, user: presentUser(user, links) }] : [];

/** A team's permission as the official list gives it (an OrganizationTeam, as identity presents it); a team identity no longer has is left out. */
export const presentTeamPermission = (row: PermissionRow, team: TeamJson | undefined) => (team ? [{ permission: row.role, team }] : []);
