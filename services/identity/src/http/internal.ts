import { Router } from 'express';
import { authorize, requireService, requireUser, CALLER_MEMBERSHIPS_PATH } from '@dp/auth';
import { notFound, pathParams, route } from '@dp/http';
import {
  callerMembershipsResponse,
  memberTeamIdsResponse,
  membersBatchResponse,
  organizationByHostnameResponse,
  principalResponse,
  teamsBatchResponse,
  type MemberTeamIdsResponse,
  type MembersBatchResponse,
  type OrganizationJson,
  type TeamsBatchResponse,
} from '@dp/contracts';
import type { IdentityContext } from '../context';
import { principalForTokenHash } from '../data/principals';
import { presentMemberships, presentPrincipal } from '../presenters/principal';
import { findMember, findMembers } from '../data/members';
import { findOrganizationByHostname } from '../data/organizations';
import { presentMember } from '../presenters/member';
import { presentOrganization } from '../presenters/organization';
import { hostnameParams, membersBatchBody, principalBody, teamsBatchBody } from '../schemas/internal';
import { teamsOfMember } from '../data/team-members';
import { presentTeam } from '../presenters/team';
import { teamsByIdForCaller } from '../queries/list-teams';

/**
 * Internal endpoints, not routed by the gateway (docs/adr/0021, 0022). Identity alone reads its tables: the
 * gateway fills its principal cache here, and services read the roles of a caller in too many organizations
 * for the assertion to carry them.
 */
export function internalRouter(ctx: IdentityContext): Router {
  const router = Router();

  // Only the gateway's own service assertion: a token hash is as good as a token to whoever can resolve it.
  router.post('/internal/principals', requireService('gateway'), ...route({ body: principalBody, responses: { 200: principalResponse } }).handle(async (req, res) => {
    const principal = await principalForTokenHash(ctx.db, req.body.tokenHash);
    if (!principal) throw notFound('Principal');
    res.json(presentPrincipal(principal));
  }));

  // The caller's own assertion: requireCaller has already read their roles (from this service's tables).
  router.get(CALLER_MEMBERSHIPS_PATH, ...route({ responses: { 200: callerMembershipsResponse } }).handle((req, res) => {
    requireUser(req.caller);
    res.json(presentMemberships(req.caller));
  }));

  // Content lists commenters: the members among a page of users of one organization, in one call instead of
  // one per user. Authorized as the caller's own GET of a member; users who are not members are left out.
  router.post('/internal/orgs/:organizationId/members/batch', ...route({ params: pathParams('organizationId'), body: membersBatchBody, responses: { 200: membersBatchResponse } }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    authorize(req.caller, organizationId, 'view', 'Organization');
    const members = await findMembers(ctx.db, organizationId, req.body.userIds);
    res.json({ items: members.map((m) => presentMember(m, ctx.links)) } satisfies MembersBatchResponse);
  }));

  // Content presents the teams granted a space or a collection, and checks that invited teams are the organization's.
  router.post('/internal/orgs/:organizationId/teams/batch', ...route({ params: pathParams('organizationId'), body: teamsBatchBody, responses: { 200: teamsBatchResponse } }).handle(async (req, res) => {
    const teams = await teamsByIdForCaller(ctx, req.caller, req.params.organizationId, req.body.teamIds);
    res.json({ items: teams.map(({ team, manage }) => presentTeam(team, manage)) } satisfies TeamsBatchResponse);
  }));

  // Content answers a member's effective access per space (their grants include their teams', docs/adr/0097).
  router.get('/internal/orgs/:organizationId/members/:userId/teams', ...route({ params: pathParams('organizationId', 'userId'), responses: { 200: memberTeamIdsResponse } }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    authorize(req.caller, organizationId, 'view', 'Organization');
    if (!(await findMember(ctx.db, organizationId, userId))) throw notFound('Member');
    res.json({ teams: (await teamsOfMember(ctx.db, organizationId, userId)).map((t) => t.team_id) } satisfies MemberTeamIdsResponse);
  }));

  // Integrations names a publishing organization by its subdomain: the caller's organization with that
  // hostname, 404 when there is none or the caller is not a member (as GET /v1/orgs/{id} answers).
  router.get('/internal/orgs/by-hostname/:hostname', ...route({ params: hostnameParams, responses: { 200: organizationByHostnameResponse } }).handle(async (req, res) => {
    const org = await findOrganizationByHostname(ctx.db, req.params.hostname);
    if (!org) throw notFound('Organization');
    res.json(presentOrganization(org, authorize(req.caller, org.id, 'view', 'Organization'), ctx.links) satisfies OrganizationJson);
  }));

  return router;
}
