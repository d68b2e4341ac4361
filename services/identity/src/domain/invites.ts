import { isRole, ROLES, type Role } from '@dp/auth';

/** A member's organization role, or null for a guest: listed as a member, holding no organization-wide ability. */
export type RoleOrGuest = Role | null;

/** Rank of a role or of a guest (below `read`); higher includes lower. */
const rank = (role: RoleOrGuest): number => (role === null ? -1 : ROLES.length - 1 - ROLES.indexOf(role));

/**
 * The role plain emails of `POST ORG/invites` get: the body's `role` when it names one (null included: guests),
 * else the organization's `defaultRole` (null: guests). A stored value that is no role is treated as guest, the
 * least access, never as more.
 */
export function defaultInviteRole(bodyRole: RoleOrGuest | undefined, organizationDefault: string | null): RoleOrGuest {
  if (bodyRole !== undefined) return bodyRole;
  return isRole(organizationDefault) ? organizationDefault : null;
}

/** Invites name users by email, alone (the default role) or with their own role; emails are lower-cased, the last one wins. */
export function planEmailInvites(emails: ReadonlyArray<string | { email: string; role: RoleOrGuest }>, defaultRole: RoleOrGuest): Map<string, RoleOrGuest> {
  const out = new Map<string, RoleOrGuest>();
  for (const entry of emails) {
    if (typeof entry === 'string') out.set(entry.toLowerCase(), defaultRole);
    else out.set(entry.email.toLowerCase(), entry.role);
  }
  return out;
}

/**
 * What SSO enforcement (the organization's `sso`) lets in without the identity provider: admins only, so that an
 * organization can never lock its administrators out. Everyone else joins through SSO.
 */
export function admittedWithoutSso(ssoEnforced: boolean, role: RoleOrGuest): boolean {
  return !ssoEnforced || role === 'admin';
}

/** Whether someone holding `current` (undefined: not a member) already has everything `wanted` gives: an invite's `redundant`. */
export function roleCovers(current: RoleOrGuest | undefined, wanted: RoleOrGuest): boolean {
  return current !== undefined && rank(current) >= rank(wanted);
}

export type JoinOutcome = { kind: 'add'; role: RoleOrGuest } | { kind: 'raise'; role: RoleOrGuest; previousRole: RoleOrGuest } | { kind: 'keep' };

/**
 * Joining by an invite link: a non-member becomes a member with the link's role; a member whose role is below it
 * is raised to it (anyone holding the link could join with it); a member never loses a role by joining.
 */
export function joinOutcome(current: RoleOrGuest | undefined, linkRole: RoleOrGuest): JoinOutcome {
  if (current === undefined) return { kind: 'add', role: linkRole };
  if (roleCovers(current, linkRole)) return { kind: 'keep' };
  return { kind: 'raise', role: linkRole, previousRole: current };
}

/** The organization settings invite links answer to. */
export interface InviteSettings {
  invite_links: boolean;
  sso: boolean;
}

/**
 * Why an invite link with `role` may not be created, set to that role or joined in an organization with these
 * settings, or undefined when it may. Creating and joining need invite links turned on (`inviteLinks`); updating
 * does not (existing links stay manageable while links are off). Under SSO enforcement only admin links admit
 * anyone (see admittedWithoutSso).
 */
export function linkInviteRefusal(settings: InviteSettings, role: RoleOrGuest, action: 'create' | 'update' | 'join'): string | undefined {
  if (!settings.invite_links && action !== 'update') {
    return action === 'create' ? 'Invite links are turned off in this organization (inviteLinks: false)' : 'Invite links are turned off in this organization: this link cannot be joined';
  }
  if (!admittedWithoutSso(settings.sso, role)) {
    return action === 'join'
      ? 'This organization enforces SSO: join it through its identity provider'
      : 'This organization enforces SSO: only admin invite links can be made; other members join through its identity provider';
  }
  return undefined;
}
