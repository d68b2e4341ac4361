import { can, type Role } from '@dp/auth';

export const TEAM_ROLES = ['owner', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** A team role in a request schema: the one list above. */
export const teamRoleSchema = { type: 'string', enum: TEAM_ROLES } as const;

/**
 * Who may manage a team's members: organization admins (every team) and the team's own owners. Renaming or
 * deleting a team, and creating one, is for admins only.
 */
export function canManageTeamMembers(orgRole: Role | null | undefined, isOwner: boolean): boolean {
  return can(orgRole, 'admin') || isOwner;
}

/**
 * What `PUT ORG/teams/{teamId}/members` does with its lists: every user named in `remove` leaves (also when
 * `add` names them too, as the interface says), every other user named in `add` joins with the role
 * `memberships` gives them (default `member`), and `memberships` alone changes the role of users already in.
 * Keys are as the caller wrote them (user id or email); the caller resolves them to users.
 */
export function planTeamMembersUpdate(input: { add?: string[]; remove?: string[]; memberships?: Record<string, { role: TeamRole }> }): {
  add: Map<string, TeamRole>;
  remove: Set<string>;
  setRole: Map<string, TeamRole>;
} {
  const key = (ref: string) => (ref.includes('@') ? ref.toLowerCase() : ref);
  const remove = new Set((input.remove ?? []).map(key));
  const roles = new Map(Object.entries(input.memberships ?? {}).map(([ref, m]) => [key(ref), m.role] as const));
  const add = new Map<string, TeamRole>();
  for (const ref of (input.add ?? []).map(key)) if (!remove.has(ref)) add.set(ref, roles.get(ref) ?? 'member');
  const setRole = new Map([...roles].filter(([ref]) => !remove.has(ref) && !add.has(ref)));
  return { add, remove, setRole };
}
