import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { findMember, listMembers } from '../data/members';
import { inviteMembers } from '../commands/invite-members';
import { changeMemberRole } from '../commands/change-member-role';
import { removeMember } from '../commands/remove-member';
import { presentMember } from '../presenters/member';
import { organizationParams } from '../schemas/organizations';
import { listMembersQuery, memberParams, updateMemberBody } from '../schemas/members';
import { inviteUsersBody } from '../schemas/invites';

export function membersRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId';

  router.post(`${base}/invites`, ...route({ params: organizationParams, body: inviteUsersBody }).handle(async (req, res) => {
    res.json(await inviteMembers(ctx, req.caller, req.params.organizationId, req.body));
  }));

  router.get(`${base}/members`, ...route({ params: organizationParams, query: listMembersQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await listMembers(ctx.db, organizationId, req.query);
    res.json(presentPage(page, (m) => presentMember(m, ctx.links)));
  }));

  router.get(`${base}/members/:userId`, ...route({ params: memberParams }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    authorize(req.caller, organizationId, 'view', 'Organization');
    const member = await findMember(ctx.db, organizationId, userId);
    if (!member) throw notFound('Member');
    res.json(presentMember(member, ctx.links));
  }));

  router.patch(`${base}/members/:userId`, ...route({ params: memberParams, body: updateMemberBody }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    await changeMemberRole(ctx, req.caller, organizationId, userId, req.body.role);
    const member = await findMember(ctx.db, organizationId, userId);
    if (!member) throw notFound('Member');
    res.json(presentMember(member, ctx.links));
  }));

  // Official statuses: 205 the member was removed, 204 there was no such member.
  router.delete(`${base}/members/:userId`, ...route({ params: memberParams }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    const removed = await removeMember(ctx, req.caller, organizationId, userId);
    res.status(removed ? 205 : 204).end();
  }));

  return router;
}
