import { higherRole, type Caller, type Role } from '@dp/auth';

/** Who roles are granted to: a user, or a team (each of its members; docs/adr/0097). */
export type GranteeKind = 'user' | 'team';
export const GRANTEE_KINDS = ['user', 'team'] as const satisfies readonly GranteeKind[];

/** A user as grants see them: themselves and the teams they are in. */
export interface Grantee {
  userId: string;
  teams: readonly string[];
}

/** Who looks at a list (docs/adr/0101): a guest sees what is granted; a member what no default level hides, and what is granted. */
export interface Viewer {
  who: Grantee;
  member: boolean;
}

/** Who a list of an organization's objects is narrowed for: none for an admin (or staff and services), who see all. */
export function viewerIn(who: Grantee | undefined, orgRole: Role | undefined): Viewer | undefined {
  if (orgRole === 'admin' || !who) return undefined;
  return { who, member: orgRole !== undefined };
}

/** The caller as grants see them; undefined for staff and services, whom nothing is granted to. */
export const granteeOf = (caller: Caller): Grantee | undefined => (caller.userId ? { userId: caller.userId, teams: caller.teams ?? [] } : undefined);

/**
 * Each object's role for a grantee: what they have there by default (their organization role, or what the
 * object's default level gives: `defaultRoleOf`) raised by the grants they hold on it (several per object).
 */
export function raisedRoles(byDefault: (id: string) => Role | undefined, held: Array<{ id: string; role: Role }>): (id: string) => Role | undefined {
  const byId = new Map<string, Role | undefined>();
  for (const { id, role } of held) byId.set(id, higherRole(byId.get(id), role));
  return (id) => higherRole(byDefault(id), byId.get(id));
}
