import { Router } from 'express';
import { grantRouter } from '@dp/grants';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { contentGrants } from '../commands/content-grants';
import { memberParams, memberSpacesQuery } from '../schemas/content-permissions';
import { listMemberSpaces } from '../queries/member-spaces';
import { spacesJson } from '../queries/space-json';

/** The official permission operations of users and teams on spaces and collections (docs/adr/0096, 0097), and a member's spaces. */
export function contentPermissionsRouter(ctx: ContentContext): Router {
  const router = Router();
  router.use(grantRouter(contentGrants(ctx, 'space'), '/v1/spaces/:spaceId/permissions', ['spaceId']));
  router.use(grantRouter(contentGrants(ctx, 'collection'), '/v1/collections/:collectionId/permissions', ['collectionId']));

  router.get('/v1/orgs/:organizationId/members/:userId/spaces', ...route({ params: memberParams, query: memberSpacesQuery }).handle(async (req, res) => {
    const { page, permissionOf, callerRoleOf } = await listMemberSpaces(ctx, req.caller, onBehalfOf(req), req.params.organizationId, req.params.userId, req.query);
    const spaces = await spacesJson(ctx.db, page.items, (space) => callerRoleOf(space.id), ctx.links);
    const items = page.items.flatMap((space, i) => {
      const permission = permissionOf(space.id);
      return permission ? [{ permission, space: spaces[i] }] : [];
    });
    res.json({ items, count: page.count, ...(page.next ? { next: page.next } : {}) });
  }));
  return router;
}
