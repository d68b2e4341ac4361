import { Router } from 'express';
import { route } from '@dp/http';
import type { IdentityContext } from '../context';
import { createLinkInvite } from '../commands/create-link-invite';
import { updateLinkInvite } from '../commands/update-link-invite';
import { deleteLinkInvite } from '../commands/delete-link-invite';
import { joinWithInvite } from '../commands/join-with-invite';
import { linkInviteJson, linkInvitesPage } from '../queries/link-invite-json';
import { presentLinkInvite } from '../presenters/link-invite';
import { organizationParams } from '../schemas/organizations';
import { createLinkInviteBody, linkInviteParams, listLinkInvitesQuery, updateLinkInviteBody } from '../schemas/link-invites';

/** Invite links of an organization, and joining with one (docs/adr/0037). Their creator and admins always hold the link's role. */
export function linkInvitesRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId';

  router.get(`${base}/link-invites`, ...route({ params: organizationParams, query: listLinkInvitesQuery }).handle(async (req, res) => {
    res.json(await linkInvitesPage(ctx, req.caller, req.params.organizationId, req.query));
  }));

  router.post(`${base}/link-invites`, ...route({ params: organizationParams, body: createLinkInviteBody }).handle(async (req, res) => {
    const invite = await createLinkInvite(ctx, req.caller, req.params.organizationId, req.body);
    res.status(201).json(presentLinkInvite(invite, true));
  }));

  router.get(`${base}/link-invites/:inviteId`, ...route({ params: linkInviteParams }).handle(async (req, res) => {
    res.json(await linkInviteJson(ctx, req.caller, req.params.organizationId, req.params.inviteId));
  }));

  router.patch(`${base}/link-invites/:inviteId`, ...route({ params: linkInviteParams, body: updateLinkInviteBody }).handle(async (req, res) => {
    const invite = await updateLinkInvite(ctx, req.caller, req.params.organizationId, req.params.inviteId, req.body.role);
    res.json(presentLinkInvite(invite, true));
  }));

  // Official statuses: 205 the link was deleted, 204 there was no such link.
  router.delete(`${base}/link-invites/:inviteId`, ...route({ params: linkInviteParams }).handle(async (req, res) => {
    const deleted = await deleteLinkInvite(ctx, req.caller, req.params.organizationId, req.params.inviteId);
    res.status(deleted ? 205 : 204).end();
  }));

  router.post(`${base}/invites/:inviteId`, ...route({ params: linkInviteParams }).handle(async (req, res) => {
    await joinWithInvite(ctx, req.caller, req.params.organizationId, req.params.inviteId);
    res.json({});
  }));

  return router;
}
