import { Router } from 'express';
import { presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { listCollectionsForCaller } from '../queries/list-collections';
import { spaceRolesOf } from '../queries/content-roles';
import { listSpacesInCollection } from '../data/tree';
import { createCollection } from '../commands/create-collection';
import { deleteCollection } from '../commands/delete-collection';
import { loadAuthorizedCollection } from '../queries/load-collection';
import { moveCollection } from '../commands/move-collection';
import { transferCollection } from '../commands/transfer-collection';
import { updateCollectionSettings } from '../commands/update-collection';
import { presentCollection } from '../presenters/collection';
import { spacesJson } from '../queries/space-json';
import {
  collectionOrganizationParams,
  collectionParams,
  createCollectionBody,
  listCollectionSpacesQuery,
  listCollectionsQuery,
  moveBody,
  transferCollectionBody,
  updateCollectionBody,
} from '../schemas/collections';

export function collectionsRouter(ctx: ContentContext): Router {
  const router = Router();

  router.post('/v1/orgs/:organizationId/collections', ...route({ params: collectionOrganizationParams, body: createCollectionBody }).handle(async (req, res) => {
    const { collection, role } = await createCollection(ctx, req.caller, req.params.organizationId, req.body);
    res.status(201).location(ctx.links.api(`/collections/${collection.id}`)).json(presentCollection(collection, role, ctx.links));
  }));

  router.get('/v1/orgs/:organizationId/collections', ...route({ params: collectionOrganizationParams, query: listCollectionsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const { page, roleOf } = await listCollectionsForCaller(ctx.db, req.caller, organizationId, req.query.nested, req.query);
    res.json(presentPage(page, (c) => presentCollection(c, roleOf(c.id), ctx.links)));
  }));

  router.get('/v1/collections/:collectionId', ...route({ params: collectionParams }).handle(async (req, res) => {
    const { collection, role } = await loadAuthorizedCollection(ctx.db, req.caller, req.params.collectionId, 'view');
    res.json(presentCollection(collection, role, ctx.links));
  }));

  router.patch('/v1/collections/:collectionId', ...route({ params: collectionParams, body: updateCollectionBody }).handle(async (req, res) => {
    const { collection, role } = await updateCollectionSettings(ctx, req.caller, req.params.collectionId, req.body);
    res.json(presentCollection(collection, role, ctx.links));
  }));

  // Official statuses: 205 the collection was deleted, 204 it did not exist. Not empty: 409 (docs/adr/0010).
  router.delete('/v1/collections/:collectionId', ...route({ params: collectionParams }).handle(async (req, res) => {
    const deleted = await deleteCollection(ctx, req.caller, req.params.collectionId);
    res.status(deleted ? 205 : 204).end();
  }));

  // Live spaces directly in the collection, in the order the collection shows them.
  router.get('/v1/collections/:collectionId/spaces', ...route({ params: collectionParams, query: listCollectionSpacesQuery }).handle(async (req, res) => {
    const { collection } = await loadAuthorizedCollection(ctx.db, req.caller, req.params.collectionId, 'view');
    const page = await listSpacesInCollection(ctx.db, collection.id, req.query);
    // Each space with the caller's role on it: the collection's, raised by a grant on the space.
    const roleOf = await spaceRolesOf(ctx.db, req.caller, collection.organization_id, page.items.map((s) => s.id));
    res.json({ ...presentPage(page, (x) => x), items: await spacesJson(ctx.db, page.items, (space) => roleOf(space.id), ctx.links) });
  }));

  router.post('/v1/collections/:collectionId/move', ...route({ params: collectionParams, body: moveBody }).handle(async (req, res) => {
    const { collection, role } = await moveCollection(ctx, req.caller, req.params.collectionId, req.body);
    res.json(presentCollection(collection, role, ctx.links));
  }));

  router.post('/v1/collections/:collectionId/transfer', ...route({ params: collectionParams, body: transferCollectionBody }).handle(async (req, res) => {
    const { collection, role } = await transferCollection(ctx, req.caller, req.params.collectionId, req.body.organization);
    res.json(presentCollection(collection, role, ctx.links));
  }));

  return router;
}
