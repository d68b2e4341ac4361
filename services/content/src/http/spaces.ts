import { Router } from 'express';
import { onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { listSpacesForCaller } from '../queries/list-spaces';
import { createSpace } from '../commands/create-space';
import { loadViewableSpaceWithCounts } from '../queries/load-space';
import { presentSpace } from '../presenters/space';
import { updateSpaceSettings } from '../commands/update-space';
import { deleteSpace } from '../commands/delete-space';
import { restoreSpace } from '../commands/restore-space';
import { duplicateSpace } from '../commands/duplicate-space';
import { spaceJson, spacesJson } from '../queries/space-json';
import { publishedUrlFor } from '../queries/published-url';
import type { SpaceReadCache } from '../queries/space-reads';
import { createSpaceBody, getSpaceQuery, listSpacesQuery, organizationParams, spaceParams, updateSpaceBody } from '../schemas/spaces';

export function spacesRouter(ctx: ContentContext, reads: SpaceReadCache): Router {
  const router = Router();

  router.post('/v1/orgs/:organizationId/spaces', ...route({ params: organizationParams, body: createSpaceBody }).handle(async (req, res) => {
    const space = await createSpace(ctx, req.caller, req.params.organizationId, req.body);
    res.status(201).location(ctx.links.api(`/spaces/${space.id}`)).json(await spaceJson(ctx.db, space, req.caller.memberships[space.organization_id], ctx.links));
  }));

  router.get('/v1/orgs/:organizationId/spaces', ...route({ params: organizationParams, query: listSpacesQuery }).handle(async (req, res) => {
    const { page, roleOf } = await listSpacesForCaller(ctx, req.caller, req.params.organizationId, req.query);
    res.json({ ...presentPage(page, (x) => x), items: await spacesJson(ctx.db, page.items, (space) => roleOf(space.id), ctx.links) });
  }));

  // A deleted space can still be read (it shows `deletedAt`) while it can be restored.
  router.get('/v1/spaces/:spaceId', ...route({ params: spaceParams, query: getSpaceQuery }).handle(async (req, res) => {
    const { space, role, counts } = await reads.read(req.params.spaceId, req.caller, () => loadViewableSpaceWithCounts(ctx.db, req.caller, req.params.spaceId));
    const json = presentSpace(space, role, ctx.links, counts);
    const shareKey = req.query.shareKey;
    const published = shareKey && !space.deleted_at ? await publishedUrlFor(ctx, space.id, shareKey, onBehalfOf(req), req.log) : undefined;
    res.json(published ? { ...json, urls: { ...json.urls, published } } : json);
  }));

  router.patch('/v1/spaces/:spaceId', ...route({ params: spaceParams, body: updateSpaceBody }).handle(async (req, res) => {
    const { space, role } = await updateSpaceSettings(ctx, req.caller, req.params.spaceId, req.body);
    res.json(await spaceJson(ctx.db, space, role, ctx.links));
  }));

  // Official statuses: 205 the space was deleted, 204 it did not exist.
  router.delete('/v1/spaces/:spaceId', ...route({ params: spaceParams }).handle(async (req, res) => {
    const deleted = await deleteSpace(ctx, req.caller, req.params.spaceId);
    res.status(deleted ? 205 : 204).end();
  }));

  router.post('/v1/spaces/:spaceId/duplicate', ...route({ params: spaceParams }).handle(async (req, res) => {
    const space = await duplicateSpace(ctx, req.caller, req.params.spaceId);
    res.status(201).location(ctx.links.api(`/spaces/${space.id}`)).json(await spaceJson(ctx.db, space, req.caller.memberships[space.organization_id], ctx.links));
  }));

  router.post('/v1/spaces/:spaceId/restore', ...route({ params: spaceParams }).handle(async (req, res) => {
    const { space, role } = await restoreSpace(ctx, req.caller, req.params.spaceId);
    res.json(await spaceJson(ctx.db, space, role, ctx.links));
  }));

  return router;
}
