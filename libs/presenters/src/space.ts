import { spacePermissions, type Role } from '@dp/auth';
import type { SpaceCounts, SpaceSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';

/** The columns a stored space has, in content's table and in the copies other contexts keep. */
export interface SpaceColumns {
  id: string;
  organization_id: string;
  title: string;
  emoji: string | null;
  visibility: string;
  edit_mode: string;
  parent_id: string | null;
  default_level: string;
  revision_id: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

/** A stored space as the snapshot `content.space.*` events carry. */
export function spaceSnapshotOf(space: SpaceColumns, counts?: SpaceCounts | null): SpaceSnapshot {
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
