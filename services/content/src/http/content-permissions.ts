import { Router } from 'express';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { inviteTo, removeUserGrant, updateUserGrant } from '../commands/content-permissions';
import { listUserPermissions } from '../data/content-permissions';
import { findUsers } from '../data/users';
import { presentUserPermission } from '../presenters/content-permission';
import { loadGrantTarget, type GrantOn } from '../queries/grant-target';
import { collectionParams, collectionUserParams, inviteBody, memberParams, memberSpacesQuery, spaceParams, spaceUserParams, updateUserGrantBody, usersQuery } from '../schemas/content-permissions';
import { listMemberSpaces } from '../queries/member-spaces';
import { spacesJson } from '../queries/space-json';

/** The official user permission operations on spaces and collections (docs/adr/0096). */
export function contentPermissionsRouter(ctx: ContentContext): Router {
  const router = Router();
  const targets = [
    { base: '/v1/spaces/:spaceId/permissions', params: spaceParams, userParams: spaceUserParams, on: (p: Record<string, unknown>): GrantOn => ({ target: 'space', id: String(p.spaceId) }) },
    { base: '/v1/collections/:collectionId/permissions', params: collectionParams, userParams: collectionUserParams, on: (p: Record<string, unknown>): GrantOn => ({ target: 'collection', id: String(p.collectionId) }) },
  ] as const;

  for (const t of targets) {
    router.post(t.base, ...route({ params: t.params, body: inviteBody }).handle(async (req, res) => {
      await inviteTo(ctx, req.caller, onBehalfOf(req), t.on(req.params), req.body);
      res.status(204).end();
    }));

    router.get(`${t.base}/users`, ...route({ params: t.params, query: usersQuery }).handle(async (req, res) => {
      const on = t.on(req.params);
      await loadGrantTarget(ctx.db, req.caller, on, 'view');
      const page = await listUserPermissions(ctx.db, on.target, on.id, req.query);
      const users = await findUsers(ctx.db, page.items.map((p) => p.user_id));
      res.json({ items: page.items.flatMap((row) => presentUserPermission(row, users.get(row.user_id), ctx.links)), count: page.count, ...(page.next ? { next: page.next } : {}) });
    }));

    router.patch(`${t.base}/users/:userId`, ...route({ params: t.userParams, body: updateUserGrantBody }).handle(async (req, res) => {
      await updateUserGrant(ctx, req.caller, t.on(req.params), req.params.userId, req.body.role);
      res.status(204).end();
    }));

    // Official: 205 when the user's grant was removed, 204 when they had none.
    router.delete(`${t.base}/users/:userId`, ...route({ params: t.userParams }).handle(async (req, res) => {
      res.status((await removeUserGrant(ctx, req.caller, t.on(req.params), req.params.userId)) ? 205 : 204).end();
    }));
  }

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
