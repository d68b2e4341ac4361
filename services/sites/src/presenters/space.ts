import type { Role } from '@dp/auth';
import type { SpaceSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';
import { presentSpaceSnapshot } from '@dp/presenters';
import type { SpaceCopyRow } from '../data/space-copies';

/** The Space JSON a site space embeds, from this context's copy, exactly as content presents it. */
export function presentSpaceCopy(space: SpaceCopyRow, role: Role | undefined, links: Links) {
  return presentSpaceSnapshot(snapshotOfCopy(space), role, links);
}

/** The copy as the snapshot content's events carried, counters included when one carried them. */
function snapshotOfCopy(space: SpaceCopyRow): SpaceSnapshot {
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
    ...(space.counts ? { counts: space.counts } : {}),
  };
}
