import { Router } from 'express';
import { onBehalfOf, pathParams, route, type OnBehalfOf } from '@dp/http';
import { GRANTEE_KINDS } from './grantee';
import type { AccessItem } from './directory';
import { invite, removeGrant, updateGrant, type GrantsOn } from './grant-commands';
import { aggregateQuery, grantsQuery, inviteBody, updateGrantBody } from './schemas';

/**
 * The official permission operations on one kind of object (docs/adr/0096, 0097), under `base` (its path, whose
 * last parameter names the object; an `organizationId` before it, a site's, must be the object's):
 * POST invite, GET users and teams, PATCH and DELETE a user's or a team's grant.
 */
export function grantRouter(g: GrantsOn, base: string, pathNames: [string, ...string[]]): Router {
  const router = Router();
  const idParam = pathNames[pathNames.length - 1];
  const params = pathParams(...pathNames);
  const refOf = (p: Record<string, unknown>) => ({ id: String(p[idParam]), ...(typeof p.organizationId === 'string' ? { organizationId: p.organizationId } : {}) });

  router.post(base, ...route({ params, body: inviteBody }).handle(async (req, res) => {
    await invite(g, req.caller, onBehalfOf(req), refOf(req.params), req.body);
    res.status(204).end();
  }));

  // Each grantee as the official lists present it, from identity; one who left the organization (or a deleted team) is left out.
  const presenters = {
    user: async (organizationId: string, ids: string[], on: OnBehalfOf) => {
      const members = await g.directory.members(organizationId, ids, on);
      return (id: string) => {
        const member = members.get(id);
        return member && { user: member.user };
      };
    },
    team: async (organizationId: string, ids: string[], on: OnBehalfOf) => {
      const teams = await g.directory.teams(organizationId, ids, on);
      return (id: string) => {
        const team = teams.get(id);
        return team && { team };
      };
    },
  };

  for (const kind of GRANTEE_KINDS) {
    router.get(`${base}/${kind}s`, ...route({ params, query: grantsQuery }).handle(async (req, res) => {
      const { id, organizationId: inPath } = refOf(req.params);
      const { organizationId } = await g.load(g.db, req.caller, id, 'view', inPath);
      const page = await g.store.list(g.db, kind, id, req.query);
      const granteeOf = await presenters[kind](organizationId, page.items.map((p) => p.grantee_id), onBehalfOf(req));
      const items = page.items.flatMap((row) => {
        const grantee = granteeOf(row.grantee_id);
        return grantee ? [{ permission: row.role, ...grantee }] : [];
      });
      res.json({ items, count: page.count, ...(page.next ? { next: page.next } : {}) });
    }));
  }

  // Everyone who has access and with which role: identity's members joined with the grants that reach the object.
  router.get(`${base}/aggregate`, ...route({ params, query: aggregateQuery }).handle(async (req, res) => {
    const { id, organizationId: inPath } = refOf(req.params);
    const { organizationId } = await g.load(g.db, req.caller, id, 'view', inPath);
    const { items, ...page } = await g.directory.access(organizationId, await g.grants(g.db, id), req.query, onBehalfOf(req));
    const present = g.presentAccess ?? (({ permission, user }: AccessItem) => ({ permission, user }));
    res.json({ items: items.map((item) => present(item, id, organizationId)), ...page });
  }));

  for (const kind of GRANTEE_KINDS) {
    const granteeParam = `${kind}Id`;
    const granteeParams = pathParams(...pathNames, granteeParam);
    const path = `${base}/${kind}s/:${granteeParam}`;
    router.patch(path, ...route({ params: granteeParams, body: updateGrantBody }).handle(async (req, res) => {
      await updateGrant(g, req.caller, refOf(req.params), kind, String(req.params[granteeParam]), req.body.role);
      res.status(204).end();
    }));
    // Official: 205 when the grant was removed, 204 when there was none.
    router.delete(path, ...route({ params: granteeParams }).handle(async (req, res) => {
      res.status((await removeGrant(g, req.caller, refOf(req.params), kind, String(req.params[granteeParam]))) ? 205 : 204).end();
    }));
  }
  return router;
}
