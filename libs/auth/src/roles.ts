/**
 * The interface's Role table as one pure function: a role grants a set of abilities, each role includes
 * the ones below it. Services authorize with `can` and fill every `permissions` object from the same map,
 * so what a response advertises is exactly what the next request will be allowed to do.
 */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

export const ABILITIES = ['view', 'comment', 'edit', 'review', 'merge', 'createContent', 'admin'] as const;
export type Ability = (typeof ABILITIES)[number];

const RANK: Record<Role, number> = { read: 0, comment: 1, edit: 2, review: 3, create: 4, admin: 5 };

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

/** `permissions` of an Organization for a member with `role`. */
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

/** `permissions` of a Space for a member with `role` (edits are refused anyway while the space is locked). */
export function spacePermissions(role: Role | null | undefined, opts: { locked?: boolean } = {}) {
  const a = abilitiesOf(role);
  const editable = !opts.locked;
  return {
    view: a.view,
    access: a.view,
    admin: a.admin,
    viewInviteLinks: a.admin,
    edit: a.edit && editable,
    triggerGitSync: a.edit && editable,
    comment: a.comment,
    merge: a.merge && editable,
    review: a.review,
    installIntegration: a.admin,
  };
}

export function collectionPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, admin: a.admin, viewInviteLinks: a.admin, create: a.createContent };
}

/**
 * `permissions` {view, edit} of what an organization's creators manage: any member may view it, and editing
 * (creating, changing, deleting) takes `createContent`, advertised on the organization as `createOpenAPISpec`
 * for specs.
 */
export function creatorManagedPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, edit: a.createContent };
}

/** `permissions` of an OpenAPI spec. */
export const openApiSpecPermissions = creatorManagedPermissions;

/** `permissions` of a translation. */
export const translationPermissions = creatorManagedPermissions;

/**
 * `permissions` of a Site for a member with `role`. The sites service manages a site (settings, site spaces,
 * publishing) with `createContent`, so `admin` and `create` advertise that ability; editing the content
 * shown by the site is editing its spaces (`edit`); installing integrations is an organization admin's.
 */
export function sitePermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return {
    view: a.view,
    access: a.view,
    edit: a.edit,
    create: a.createContent,
    admin: a.createContent,
    installIntegration: a.admin,
    viewAdaptiveSchema: a.view,
    editAdaptiveSchema: a.createContent,
  };
}
