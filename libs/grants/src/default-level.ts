import { isRole, type Role } from '@dp/auth';

/** The official `DefaultLevel` of a space, collection or site: a role, `null` (no access) or `inherit`. */
export type DefaultLevel = Role | null | 'inherit';

/**
 * The nearest object at or above the one asked about whose default level is not `inherit` (the space, then each
 * collection up; a site alone): it decides what organization members get there by default. None: every level
 * inherits, and the organization role applies.
 */
export interface DefaultCut {
  level: Role | null;
  createdBy: string;
}

/** A stored default level as the official type (anything unknown is read as `inherit`, what a new object has). */
export const defaultLevelOf = (stored: string | null): DefaultLevel => (stored === null || isRole(stored) ? stored : 'inherit');

/** The cut an object's own level makes, if it does not inherit. */
export function cutOf(stored: string | null, createdBy: string): DefaultCut | undefined {
  const level = defaultLevelOf(stored);
  return level === 'inherit' ? undefined : { level, createdBy };
}

/**
 * What a user gets on an object before any grant (docs/adr/0101): an admin, always admin; a guest, nothing; a
 * member, their organization role where every level inherits, the role a level names in its place ("everyone
 * in the organization reads this", lower or higher than their own), and nothing under `null` (no access) unless
 * they created the object that says so. Grants to them or their teams raise this, never lower it.
 */
export function defaultRoleOf(orgRole: Role | undefined, cut: DefaultCut | undefined, userId: string | undefined): Role | undefined {
  if (orgRole === undefined || orgRole === 'admin' || cut === undefined) return orgRole;
  if (cut.level === null) return cut.createdBy === userId ? orgRole : undefined;
  return cut.level;
}
