import { Router } from 'express';
import { onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { identityApi } from '../clients/identity';
import { inviteTo, removeGrant, updateGrant } from '../commands/content-permissions';
import { listPermissions } from '../data/content-permissions';
import { findUsers } from '../data/users';
import { presentTeamPermission, presentUserPermission } from '../presenters/content-permission';
import { loadGrantTarget, type GrantOn } from '../queries/grant-target';
import {
  collectionParams,
  collectionTeamParams,
  collectionUserParams,
  grantsQuery,
  inviteBody,
  memberParams,
  memberSpacesQuery,
  spaceParams,
  spaceTeamParams,
  spaceUserParams,
  updateGrantBody,
} from '../schemas/content-permissions';
import { listMemberSpaces } from '../queries/member-spaces';
import { spacesJson } from '../queries/space-json';

/** The official permission operations of users and teams on spaces and collections (docs/adr/0096, 0097). */
export function contentPermissionsRouter(ctx: ContentContext): Router {
  const router = Router();
  const targets = [
    { base: '/v1/spaces/:spaceId/permissions', params: spaceParams, userParams: spaceUserParams, teamParams: spaceTeamParams, on: (p: Record<string, unknown>): GrantOn => ({ target: 'space', id: String(p.spaceId) }) },
    { base: '/v1/collections/:collectionId/permissions', params: collectionParams, userParams: collectionUserParams, teamParams: collectionTeamParams, on: (p: Record<string, unknown>): GrantOn => ({ target: 'collection', id: String(p.collectionId) }) },
  ] as const;

  for (const t of targets) {
    router.post(t.base, ...route({ params: t.params, body: inviteBody }).handle(async (req, res) => {
      await inviteTo(ctx, req.caller, onBehalfOf(req), t.on(req.params), req.body);
      res.status(204).end();
    }));

    router.get(`${t.base}/users`, ...route({ params: t.params, query: grantsQuery }).handle(async (req, res) => {
      const on = t.on(req.params);
      await loadGrantTarget(ctx.db, req.caller, on, 'view');
      const page = await listPermissions(ctx.db, on.target, 'user', on.id, req.query);
      const users = await findUsers(ctx.db, page.items.map((p) => p.grantee_id));
      res.json({ items: page.items.flatMap((row) => presentUserPermission(row, users.get(row.grantee_id), ctx.links)), count: page.count, ...(page.next ? { next: page.next } : {}) });
    }));

    router.get(`${t.base}/teams`, ...route({ params: t.params, query: grantsQuery }).handle(async (req, res) => {
      const on = t.on(req.params);
      const { organizationId } = await loadGrantTarget(ctx.db, req.caller, on, 'view');
      const page = await listPermissions(ctx.db, on.target, 'team', on.id, req.query);
      const teams = await identityApi(ctx.services.identity).teams(organizationId, page.items.map((p) => p.grantee_id), onBehalfOf(req));
      res.json({ items: page.items.flatMap((row) => presentTeamPermission(row, teams.get(row.grantee_id))), count: page.count, ...(page.next ? { next: page.next } : {}) });
    }));

    for (const kind of ['user', 'team'] as const) {
      const path = `${t.base}/${kind}s/:${kind}Id`;
      const params = kind === 'user' ? t.userParams : t.teamParams;
      const granteeOf = (p: Record<string, unknown>) => String(p[`${kind}Id`]);
      router.patch(path, ...route({ params, body: updateGrantBody }).handle(async (req, res) => {
        await updateGrant(ctx, req.caller, t.on(req.params), kind, granteeOf(req.params), req.body.role);
        res.status(204).end();
      }));

      // Official: 205 when the grant was removed, 204 when there was none.
      router.delete(path, ...route({ params }).handle(async (req, res) => {
        res.status((await removeGrant(ctx, req.caller, t.on(req.params), kind, granteeOf(req.params))) ? 205 : 204).end();
      }));
    }
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
