import { Router } from 'express';
import type { Caller } from '@dp/auth';
import { listQuery, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { listTeamMembers } from '../data/team-members';
import { createTeam } from '../commands/create-team';
import { renameTeam } from '../commands/rename-team';
import { deleteTeam } from '../commands/delete-team';
import { putTeamMember, updateTeamMembers } from '../commands/update-team-members';
import { removeTeamMember } from '../commands/remove-team-member';
import { loadTeam } from '../queries/team-access';
import { listTeamsForCaller, listTeamsOfMemberForCaller } from '../queries/list-teams';
import { presentTeam, presentTeamMember } from '../presenters/team';
import { organizationParams } from '../schemas/organizations';
import { memberParams } from '../schemas/members';
import { createTeamBody, listTeamsQuery, memberTeamsQuery, putTeamMemberBody, renameTeamBody, teamMemberParams, teamParams, updateTeamMembersBody } from '../schemas/teams';

export function teamsRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId/teams';
  const teamJson = async (caller: Caller, organizationId: string, teamId: string) => {
    const { team, manage } = await loadTeam(ctx.db, caller, organizationId, teamId);
    return presentTeam(team, manage);
  };

  router.get(base, ...route({ params: organizationParams, query: listTeamsQuery }).handle(async (req, res) => {
    const page = await listTeamsForCaller(ctx, req.caller, req.params.organizationId, req.query);
    res.json(presentPage(page, ({ team, manage }) => presentTeam(team, manage)));
  }));

  router.put(base, ...route({ params: organizationParams, body: createTeamBody }).handle(async (req, res) => {
    const { organizationId } = req.params;
    const team = await createTeam(ctx, req.caller, organizationId, req.body);
    res.status(201).location(ctx.links.api(`/orgs/${organizationId}/teams/${team.id}`)).json(presentTeam(team, true));
  }));

  router.get(`${base}/:teamId`, ...route({ params: teamParams }).handle(async (req, res) => {
    res.json(await teamJson(req.caller, req.params.organizationId, req.params.teamId));
  }));

  router.patch(`${base}/:teamId`, ...route({ params: teamParams, body: renameTeamBody }).handle(async (req, res) => {
    const { organizationId, teamId } = req.params;
    await renameTeam(ctx, req.caller, organizationId, teamId, req.body.title);
    res.json(await teamJson(req.caller, organizationId, teamId));
  }));

  // Official statuses: 205 the team was deleted, 204 there was no such team in the organization.
  router.delete(`${base}/:teamId`, ...route({ params: teamParams }).handle(async (req, res) => {
    const deleted = await deleteTeam(ctx, req.caller, req.params.organizationId, req.params.teamId);
    res.status(deleted ? 205 : 204).end();
  }));

  router.get(`${base}/:teamId/members`, ...route({ params: teamParams, query: listQuery() }).handle(async (req, res) => {
    const { organizationId, teamId } = req.params;
    await loadTeam(ctx.db, req.caller, organizationId, teamId);
    const page = await listTeamMembers(ctx.db, teamId, req.query);
    res.json(presentPage(page, (m) => presentTeamMember(m, ctx.links)));
  }));

  router.put(`${base}/:teamId/members`, ...route({ params: teamParams, body: updateTeamMembersBody }).handle(async (req, res) => {
    await updateTeamMembers(ctx, req.caller, req.params.organizationId, req.params.teamId, req.body);
    res.status(204).end();
  }));

  router.put(`${base}/:teamId/members/:userId`, ...route({ params: teamMemberParams, body: putTeamMemberBody }).handle(async (req, res) => {
    const { organizationId, teamId, userId } = req.params;
    await putTeamMember(ctx, req.caller, organizationId, teamId, userId, req.body.role);
    res.status(204).end();
  }));

  // Official statuses: 205 the member was removed from the team, 204 they were not part of it.
  router.delete(`${base}/:teamId/members/:userId`, ...route({ params: teamMemberParams }).handle(async (req, res) => {
    const { organizationId, teamId, userId } = req.params;
    const removed = await removeTeamMember(ctx, req.caller, organizationId, teamId, userId);
    res.status(removed ? 205 : 204).end();
  }));

  // Official (listTeamsForOrganizationMember): the teams of one member, each with their role in it.
  router.get('/v1/orgs/:organizationId/members/:userId/teams', ...route({ params: memberParams, query: memberTeamsQuery }).handle(async (req, res) => {
    const { organizationId, userId } = req.params;
    const page = await listTeamsOfMemberForCaller(ctx, req.caller, organizationId, userId, req.query);
    res.json(presentPage(page, ({ team, manage }) => ({ team: presentTeam(team, manage), member: { role: team.member_role } })));
  }));

  return router;
}
