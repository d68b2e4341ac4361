import { Router } from 'express';
import { authorize, requireService, requireUser, CALLER_MEMBERSHIPS_PATH } from '@dp/auth';
import { notFound, pathParams, presentPage, route } from '@dp/http';
import {
  accessListResponse,
  addGuestsResponse,
  callerMembershipsResponse,
  memberTeamIdsResponse,
  membersBatchResponse,
  organizationByHostnameResponse,
  principalResponse,
  teamsBatchResponse,
  type AccessListResponse,
  type AddGuestsResponse,
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
import { accessBody, addGuestsBody, hostnameParams, membersBatchBody, principalBody, teamsBatchBody } from '../schemas/internal';
import { teamsOfMember } from '../data/team-members';
import { presentTeam } from '../presenters/team';
import { teamsByIdFor } from '../queries/list-teams';
import { listAccess, originOf, roleOfRank } from '../data/access';
import { addGuests } from '../commands/add-guests';
import { presentUser } from '../presenters/user';

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

  // The contexts that grant roles on their objects (@dp/grants, docs/adr/0099) ask who is in an organization with
  // their own service assertion: they have authorized the caller on the object already, and a guest admin of a
  // space, who may not list the organization's members, must still see who holds what there. Content lists
  // commenters the same way (one call per page of users).
  const directoryCallers = requireService('content', 'sites');

  router.post('/internal/orgs/:organizationId/members/batch', directoryCallers, ...route({ params: pathParams('organizationId'), body: membersBatchBody, responses: { 200: membersBatchResponse } }).handle(async (req, res) => {
    const members = await findMembers(ctx.db, req.params.organizationId, req.body.userIds);
    res.json({ items: members.map((m) => presentMember(m, ctx.links)) } satisfies MembersBatchResponse);
  }));

  router.post('/internal/orgs/:organizationId/teams/batch', directoryCallers, ...route({ params: pathParams('organizationId'), body: teamsBatchBody, responses: { 200: teamsBatchResponse } }).handle(async (req, res) => {
    const teams = await teamsByIdFor(ctx, req.params.organizationId, req.body.teamIds, req.body.viewer);
    res.json({ items: teams.map(({ team, manage }) => presentTeam(team, manage)) } satisfies TeamsBatchResponse);
  }));

  router.get('/internal/orgs/:organizationId/members/:userId/teams', directoryCallers, ...route({ params: pathParams('organizationId', 'userId'), responses: { 200: memberTeamIdsResponse } }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    if (!(await findMember(ctx.db, organizationId, userId))) throw notFound('Member');
    res.json({ teams: (await teamsOfMember(ctx.db, organizationId, userId)).map((t) => t.team_id) } satisfies MemberTeamIdsResponse);
  }));

  // A non-member invited to an object becomes a guest of its organization (docs/adr/0100).
  router.post('/internal/orgs/:organizationId/guests', directoryCallers, ...route({ params: pathParams('organizationId'), body: addGuestsBody, responses: { 200: addGuestsResponse } }).handle(async (req, res) => {
    res.json((await addGuests(ctx, req.params.organizationId, [...new Set(req.body.userIds)])) satisfies AddGuestsResponse);
  }));

  // Everyone who has access to one object of a granting context, given its grants (the official aggregate views).
  router.post('/internal/orgs/:organizationId/access', directoryCallers, ...route({ params: pathParams('organizationId'), body: accessBody, responses: { 200: accessListResponse } }).handle(async (req, res) => {
    const { role, page, limit, ...grants } = req.body;
    const listed = await listAccess(ctx.db, req.params.organizationId, grants, { role, page, limit });
    res.json(presentPage(listed, (row) => ({ permission: roleOfRank(row.rank), user: presentUser(row.user, ctx.links), origin: originOf(row) })) satisfies AccessListResponse);
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
