import { spacePermissions, type Role } from '@dp/auth';
import type { SpaceSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';
import type { SpaceRow } from '../data/spaces';

/** Space JSON for a caller with `role` in its organization. */
export function presentSpace(space: SpaceRow, role: Role | undefined, links: Links) {
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji ?? '',
    visibility: space.visibility,
    createdAt: iso(space.created_at)!,
    updatedAt: iso(space.updated_at)!,
    ...(space.deleted_at ? { deletedAt: iso(space.deleted_at) } : {}),
    editMode: space.edit_mode,
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: links.api(`/spaces/${space.id}`),
      app: links.app(`/s/${space.id}`),
    },
    organization: space.organization_id,
    ...(space.parent_id ? { parent: space.parent_id } : {}),
    revision: space.revision_id,
    defaultLevel: space.default_level,
    // No change request or comment exists before the change-request slice: these counts are true.
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: spacePermissions(role, { locked: space.edit_mode === 'locked' }),
  };
}

/** The snapshot content.space.* events carry, for contexts that keep a local copy (sites). */
export function spaceSnapshot(space: SpaceRow): SpaceSnapshot {
  return {
    id: space.id,
    organization: space.organization_id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    editMode: space.edit_mode,
    parent: space.parent_id,
    defaultLevel: space.default_level,
    revision: space.revision_id,
    createdAt: iso(space.created_at)!,
    updatedAt: iso(space.updated_at)!,
    deletedAt: iso(space.deleted_at) ?? null,
  };
}
