import { Router } from 'express';
import { authorize, requireUser, roleIn } from '@dp/auth';
import { listQuery, notFound, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { findOrganization, listOrganizationsByEmailDomain, listOrganizationsOfUser } from '../data/organizations';
import { createOrganization } from '../commands/create-organization';
import { updateOrganizationSettings } from '../commands/update-organization';
import { presentOrganization } from '../presenters/organization';
import { createOrganizationBody, createOrganizationQuery, emailDomainParams, organizationParams, updateOrganizationBody } from '../schemas/organizations';
import type { Role } from '@dp/auth';

export function organizationsRouter(ctx: IdentityContext): Router {
  const router = Router();

  router.post('/v1/orgs', ...route({ query: createOrganizationQuery, body: createOrganizationBody }).handle(async (req, res) => {
    const org = await createOrganization(ctx, requireUser(req.caller), req.body);
    res.status(201).location(ctx.links.api(`/orgs/${org.id}`)).json(presentOrganization(org, 'admin', ctx.links));
  }));

  router.get('/v1/orgs', ...route({ query: listQuery() }).handle(async (req, res) => {
    const page = await listOrganizationsOfUser(ctx.db, requireUser(req.caller), req.query);
    res.json(presentPage(page, (org) => presentOrganization(org, org.caller_role as Role, ctx.links)));
  }));

  router.get('/v1/orgs/:organizationId', ...route({ params: organizationParams }).handle(async (req, res) => {
    const { organizationId } = req.params;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const org = await findOrganization(ctx.db, organizationId);
    if (!org) throw notFound('Organization');
    res.json(presentOrganization(org, role, ctx.links));
  }));

  router.patch('/v1/orgs/:organizationId', ...route({ params: organizationParams, body: updateOrganizationBody }).handle(async (req, res) => {
    const { organizationId } = req.params;
    const org = await updateOrganizationSettings(ctx, req.caller, organizationId, req.body);
    res.json(presentOrganization(org, 'admin', ctx.links));
  }));

  router.get('/v1/email-domains/:emailDomain/orgs', ...route({ params: emailDomainParams }).handle(async (req, res) => {
    const orgs = await listOrganizationsByEmailDomain(ctx.db, req.params.emailDomain);
    res.json({ organizations: orgs.map((org) => presentOrganization(org, roleIn(req.caller, org.id), ctx.links)) });
  }));

  return router;
}
