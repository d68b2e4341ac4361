import { abilitiesOf, type Role } from '@dp/auth';
import type { SpaceSnapshot } from '@dp/events';
import type { Links } from '@dp/http';

/**
 * The Space JSON, from the snapshot content's events carry. One presenter for the owner (content) and for
 * the contexts that embed spaces from their local copy (a SiteSpace's `space`), so both answer the same.
 */
export function presentSpaceSnapshot(space: SpaceSnapshot, role: Role | undefined, links: Links) {
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
    editMode: space.editMode,
    // No merge-rule setting exists yet: every space inherits its organization's.
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: links.api(`/spaces/${space.id}`),
      app: links.app(`/s/${space.id}`),
    },
    organization: space.organization,
    ...(space.parent ? { parent: space.parent } : {}),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    // Open comments on the live content; a snapshot without counters (an event that carries none) says 0.
    comments: space.counts?.comments ?? 0,
    changeRequests: space.counts?.changeRequests ?? 0,
    changeRequestsOpen: space.counts?.changeRequestsOpen ?? 0,
    changeRequestsDraft: space.counts?.changeRequestsDraft ?? 0,
    permissions: spacePermissions(role, { locked: space.editMode === 'locked' }),
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
