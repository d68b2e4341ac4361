import { Router } from 'express';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { inviteToSpace, removeSpaceUserPermission, updateSpaceUserPermission } from '../commands/space-permissions';
import { listUserPermissions } from '../data/space-permissions';
import { findUsers } from '../data/users';
import { presentUserPermission } from '../presenters/space-permission';
import { loadAuthorizedSpace } from '../queries/load-space';
import { inviteToSpaceBody, spaceParams, spaceUserParams, spaceUsersQuery, updateSpaceUserBody } from '../schemas/space-permissions';

/** The official space permission operations for users (docs/adr/0096). */
export function spacePermissionsRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/spaces/:spaceId/permissions';

  router.post(base, ...route({ params: spaceParams, body: inviteToSpaceBody }).handle(async (req, res) => {
    await inviteToSpace(ctx, req.caller, onBehalfOf(req), req.params.spaceId, req.body);
    res.status(204).end();
  }));

  router.get(`${base}/users`, ...route({ params: spaceParams, query: spaceUsersQuery }).handle(async (req, res) => {
    await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const page = await listUserPermissions(ctx.db, req.params.spaceId, req.query);
    const users = await findUsers(ctx.db, page.items.map((p) => p.user_id));
    res.json({ items: page.items.flatMap((row) => presentUserPermission(row, users.get(row.user_id), ctx.links)), count: page.count, ...(page.next ? { next: page.next } : {}) });
  }));

  router.patch(`${base}/users/:userId`, ...route({ params: spaceUserParams, body: updateSpaceUserBody }).handle(async (req, res) => {
    await updateSpaceUserPermission(ctx, req.caller, req.params.spaceId, req.params.userId, req.body.role);
    res.status(204).end();
  }));

  // Official: 205 when the user's grant was removed, 204 when they had none.
  router.delete(`${base}/users/:userId`, ...route({ params: spaceUserParams }).handle(async (req, res) => {
    res.status((await removeSpaceUserPermission(ctx, req.caller, req.params.spaceId, req.params.userId)) ? 205 : 204).end();
  }));

  return router;
}
