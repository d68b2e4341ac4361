import { abilitiesOf, type Role } from '@dp/auth';
import type { SpaceCounts, SpaceSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';

/**
 * The one mapping of a space between its forms (docs/adr/0065): its row (content's `spaces`, or a context's
 * local copy with the same columns, sites' `space_copies`) → the snapshot content's events carry → the Space
 * JSON, and that JSON back to the snapshot for a context that read the space from content's API. The owner and
 * the contexts that embed spaces (a SiteSpace's `space`) answer the same because they map the same way.
 */
export interface SpaceColumns {
  id: string;
  organization_id: string;
  title: string;
  emoji: string | null;
  visibility: string;
  edit_mode: string;
  parent_id: string | null;
  default_level: string | null;
  revision_id: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  /** Content's own setting; a copy from before spaces had rules holds none (inherit). */
  merge_rules?: SpaceSnapshot['mergeRules'] | null;
  /** The official Space.language; a copy from before spaces had one holds none. */
  language?: string | null;
}

/** A space's row as the snapshot content.space.* events carry, with its counters when they are known. */
export function spaceSnapshot(space: SpaceColumns, counts?: SpaceCounts | null): SpaceSnapshot {
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
    ...(space.merge_rules ? { mergeRules: space.merge_rules } : {}),
    ...(space.language !== undefined ? { language: space.language } : {}),
    ...(counts ? { counts } : {}),
  };
}

/** The Space JSON of a snapshot, for a member with `role` (none: no permission). */
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
    mergeRules: space.mergeRules ?? { type: 'inherit' as const },
    ...(space.language ? { language: space.language } : {}),
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

/** The Space JSON, as content answers it. */
export type SpaceJson = ReturnType<typeof presentSpaceSnapshot>;

/**
 * The Space JSON back as the snapshot it presents (the inverse of presentSpaceSnapshot, counters included): what
 * a context that asked content's API for a space keeps in its copy, the shape content's events carry.
 */
export function snapshotOfSpaceJson(space: SpaceJson): SpaceSnapshot {
  return {
    id: space.id,
    organization: space.organization,
    title: space.title,
    emoji: space.emoji || null,
    visibility: space.visibility,
    editMode: space.editMode ?? 'live',
    parent: space.parent ?? null,
    defaultLevel: space.defaultLevel === undefined ? 'inherit' : space.defaultLevel,
    revision: space.revision,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    deletedAt: space.deletedAt ?? null,
    mergeRules: space.mergeRules,
    language: space.language ?? null,
    counts: {
      comments: space.comments,
      changeRequests: space.changeRequests,
      changeRequestsOpen: space.changeRequestsOpen,
      changeRequestsDraft: space.changeRequestsDraft,
    },
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
