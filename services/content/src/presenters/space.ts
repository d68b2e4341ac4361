import type { Role } from '@dp/auth';
import type { SpaceCounts, SpaceSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';
import { presentSpaceSnapshot } from '@dp/presenters';
import type { SpaceRow } from '../data/spaces';

/** Space JSON for a caller with `role` in its organization. */
export function presentSpace(space: SpaceRow, role: Role | undefined, links: Links, counts?: SpaceCounts) {
  return presentSpaceSnapshot(spaceSnapshot(space, counts), role, links);
}

/** The snapshot content.space.* events carry, for contexts that keep a local copy (sites). */
export function spaceSnapshot(space: SpaceRow, counts?: SpaceCounts): SpaceSnapshot {
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
    ...(counts ? { counts } : {}),
  };
}
