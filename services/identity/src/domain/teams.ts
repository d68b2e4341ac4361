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

/** How a user is named in a members update: a user id, or an email (compared lower-case). */
export const normalizeUserRef = (ref: string): string => (ref.includes('@') ? ref.toLowerCase() : ref);

/**
 * What `PUT ORG/teams/{teamId}/members` does with its lists. Every user named in `remove` leaves, also when
 * `add` or `memberships` names them too (as the interface says). Every other user named in `add` or in
 * `memberships` is upserted: added if not in the team (with the role `memberships` gives, else `member`), or
 * given the role `memberships` names if already in it (a user only in `add` keeps the role they have), as
 * `PUT ORG/teams/{teamId}/members/{userId}` does for one user. Refs are user ids or emails.
 */
export function planTeamMembersUpdate(input: { add?: string[]; remove?: string[]; memberships?: Record<string, { role: TeamRole }> }): {
  upsert: Map<string, TeamRole | undefined>;
  remove: Set<string>;
} {
  const remove = new Set((input.remove ?? []).map(normalizeUserRef));
  const upsert = new Map<string, TeamRole | undefined>();
  for (const ref of (input.add ?? []).map(normalizeUserRef)) if (!remove.has(ref)) upsert.set(ref, undefined);
  for (const [raw, { role }] of Object.entries(input.memberships ?? {})) {
    const ref = normalizeUserRef(raw);
    if (!remove.has(ref)) upsert.set(ref, role);
  }
  return { upsert, remove };
}

/** What upserting a user with `wanted` (undefined: no role asked) does to their current team role. */
export function teamMemberChange(
  current: TeamRole | undefined,
  wanted: TeamRole | undefined,
): { kind: 'add'; role: TeamRole } | { kind: 'update'; role: TeamRole; previousRole: TeamRole } | { kind: 'none' } {
  if (!current) return { kind: 'add', role: wanted ?? 'member' };
  if (wanted && wanted !== current) return { kind: 'update', role: wanted, previousRole: current };
  return { kind: 'none' };
}
