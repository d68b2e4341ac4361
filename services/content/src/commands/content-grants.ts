import { ContentEvents } from '@dp/events';
import { identityDirectory, mergeGrants, type GrantObject, type GrantsOn } from '@dp/grants';
import type { ContentContext } from '../context';
import { collectionChain, collectionDefaultCuts, collectionGrants, spaceDefaultCuts, spaceGrants } from '../data/content-permissions';
import { findSpace } from '../data/spaces';
import { loadAuthorizedCollection } from '../queries/load-collection';
import { loadAuthorizedSpace } from '../queries/load-space';

/**
 * What roles are granted on in content (docs/adr/0096, 0097): a space, or a collection (inherited by what is in
 * it). Each loads with the caller's role on it (the loaders ask content-roles); each change is its own event.
 */
export const CONTENT_GRANTS = {
  space: {
    noun: 'space',
    store: spaceGrants,
    inOrganization: (db, organizationId) => db('spaces').where({ organization_id: organizationId }).select('id'),
    load: async (db, caller, id, ability) => ({ organizationId: (await loadAuthorizedSpace(db, caller, id, ability)).space.organization_id }),
    grants: async (db, spaceId) => {
      const parent = (await findSpace(db, spaceId))?.parent_id;
      const own = { ...(await spaceGrants.grantsOf(db, [spaceId])), cut: (await spaceDefaultCuts(db, [spaceId])).get(spaceId) };
      return mergeGrants(own, await collectionGrants.grantsOf(db, parent ? await collectionChain(db, parent) : []));
    },
    announce: async (emit, trx, spaceId, organizationId, kind, granteeId, role) => {
      if (kind === 'user') await emit(trx, ContentEvents.SPACE_PERMISSION_UPDATED, { spaceId, organizationId, userId: granteeId, role }, spaceId);
      else await emit(trx, ContentEvents.SPACE_TEAM_PERMISSION_UPDATED, { spaceId, organizationId, teamId: granteeId, role }, spaceId);
    },
  },
  collection: {
    noun: 'collection',
    store: collectionGrants,
    inOrganization: (db, organizationId) => db('collections').where({ organization_id: organizationId }).select('id'),
    load: async (db, caller, id, ability) => ({ organizationId: (await loadAuthorizedCollection(db, caller, id, ability)).collection.organization_id }),
    grants: async (db, collectionId) => ({
      ...(await collectionGrants.grantsOf(db, await collectionChain(db, collectionId))),
      cut: (await collectionDefaultCuts(db, [collectionId])).get(collectionId),
    }),
    announce: async (emit, trx, collectionId, organizationId, kind, granteeId, role) => {
      if (kind === 'user') await emit(trx, ContentEvents.COLLECTION_PERMISSION_UPDATED, { collectionId, organizationId, userId: granteeId, role }, collectionId);
      else await emit(trx, ContentEvents.COLLECTION_TEAM_PERMISSION_UPDATED, { collectionId, organizationId, teamId: granteeId, role }, collectionId);
    },
  },
} as const satisfies Record<string, GrantObject>;

/** Grants on spaces or collections as content's routes serve them (@dp/grants). */
export const contentGrants = (ctx: ContentContext, target: keyof typeof CONTENT_GRANTS): GrantsOn => ({
  ...CONTENT_GRANTS[target],
  db: ctx.db,
  emit: ctx.emit,
  log: ctx.log,
  directory: identityDirectory(ctx.services.identity, 'content', ctx.config.INTERNAL_AUTH_SECRET),
});
