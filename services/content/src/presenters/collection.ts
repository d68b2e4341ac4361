import { abilitiesOf, type Role } from '@dp/auth';
import type { CollectionSnapshot } from '@dp/events';
import { iso, type Links } from '@dp/http';
import type { CollectionRow } from '../data/collections';

/** Collection JSON for a caller with `role` in its organization. */
export function presentCollection(collection: CollectionRow, role: Role | undefined, links: Links) {
  return {
    object: 'collection' as const,
    id: collection.id,
    title: collection.title,
    ...(collection.description !== null ? { description: collection.description } : {}),
    organization: collection.organization_id,
    ...(collection.parent_id ? { parent: collection.parent_id } : {}),
    defaultLevel: collection.default_level,
    urls: {
      location: links.api(`/collections/${collection.id}`),
      app: links.app(`/c/${collection.id}`),
    },
    permissions: collectionPermissions(role),
  };
}

/** The snapshot content.collection.* events carry. */
export function collectionSnapshot(collection: CollectionRow): CollectionSnapshot {
  return {
    id: collection.id,
    organization: collection.organization_id,
    title: collection.title,
    description: collection.description,
    parent: collection.parent_id,
    defaultLevel: collection.default_level,
    createdAt: iso(collection.created_at)!,
    updatedAt: iso(collection.updated_at)!,
  };
}

/** `permissions` of a Collection for a member with `role`. */
export function collectionPermissions(role: Role | null | undefined) {
  const a = abilitiesOf(role);
  return { view: a.view, admin: a.admin, viewInviteLinks: a.admin, create: a.createContent };
}
