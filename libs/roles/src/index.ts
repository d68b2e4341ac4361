/**
 * The interface's Role table as one pure function: a role grants a set of abilities, each role includes
 * the ones below it. Services authorize with `can` and fill every `permissions` object from the same map,
 * so what a response advertises is exactly what the next request will be allowed to do.
 */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
/** A role in a request or event schema: the one list above. */
export const roleSchema = { type: 'string', enum: ROLES } as const;

export const ABILITIES = ['view', 'comment', 'edit', 'review', 'merge', 'createContent', 'admin'] as const;
export type Ability = (typeof ABILITIES)[number];

const RANK: Record<Role, number> = { read: 0, comment: 1, edit: 2, review: 3, create: 4, admin: 5 };
/** The roles from the lowest to the highest: each holds what the ones before it hold (SQL ranks roles by it). */
export const ROLE_LADDER: readonly Role[] = [...ROLES].sort((a, b) => RANK[a] - RANK[b]);

/** The lowest role that holds each ability. */
const REQUIRED: Record<Ability, Role> = {
  view: 'read',
  comment: 'comment',
  edit: 'edit',
  review: 'review',
  merge: 'review',
  createContent: 'create',
  admin: 'admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, ability: Ability): boolean {
  if (!role) return false;
  return RANK[role] >= RANK[REQUIRED[ability]];
}

export function abilitiesOf(role: Role | null | undefined): Record<Ability, boolean> {
  return Object.fromEntries(ABILITIES.map((a) => [a, can(role, a)])) as Record<Ability, boolean>;
}

/** The higher of two roles (either may be absent): a grant raises what another role gives, never lowers it. */
export function higherRole(a: Role | null | undefined, b: Role | null | undefined): Role | undefined {
  if (!a) return b ?? undefined;
  if (!b) return a;
  return RANK[a] >= RANK[b] ? a : b;
}
