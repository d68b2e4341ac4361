import { spacePermissions, type Role } from '@dp/auth';
import { iso, type Links } from '@dp/http';
import type { SpaceCopyRow } from '../data/space-copies';

/**
 * The Space JSON a site space embeds, from this context's copy, in the shape content presents it
 * (services/content/src/presenters/space.ts), with the permissions of the caller's role.
 */
export function presentSpaceCopy(space: SpaceCopyRow, role: Role | undefined, links: Links) {
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
    // Content has no merge-rule setting yet: every space inherits, as content itself presents it.
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: links.api(`/spaces/${space.id}`),
      app: links.app(`/s/${space.id}`),
    },
    organization: space.organization_id,
    ...(space.parent_id ? { parent: space.parent_id } : {}),
    revision: space.revision_id,
    defaultLevel: space.default_level,
    // No comment or change request exists on the platform before the change-request slice: 0 is true
    // (content presents the same); the space events will have to carry the counts once they exist.
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: spacePermissions(role, { locked: space.edit_mode === 'locked' }),
  };
}
