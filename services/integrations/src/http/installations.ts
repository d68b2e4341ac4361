import { Router } from 'express';
import { notFound, presentPage, route } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { findInstallation, listInstallations } from '../data/installations';
import { accessOf, loadVisibleIntegration } from '../queries/load-integration';
import { installIntegration } from '../commands/install-integration';
import { visibleInstallationOrganizations } from '../domain/integration-rules';
import { presentInstallation } from '../presenters/installation';
import { integrationParams } from '../schemas/integrations';
import { installationParams, installIntegrationBody, listInstallationsQuery } from '../schemas/installations';

export function installationsRouter(ctx: IntegrationsContext): Router {
  const router = Router();
  const base = '/v1/integrations/:integrationName/installations';

  // Official status: 201 with Location.
  router.post(base, ...route({ params: integrationParams, body: installIntegrationBody }).handle(async (req, res) => {
    const name = req.params.integrationName;
    const installation = await installIntegration(ctx, req.caller, name, req.body.organization);
    const body = presentInstallation(installation, name, ctx.links);
    res.status(201).location(body.urls.location).json(body);
  }));

  // Admins of the owning organization see every installation; anyone else those of their own organizations.
  router.get(base, ...route({ params: integrationParams, query: listInstallationsQuery }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    const organizations = visibleInstallationOrganizations(accessOf(integration), req.caller.memberships);
    const { externalId, ...params } = req.query;
    const page = await listInstallations(ctx.db, integration.id, organizations, { externalId }, params);
    res.json(presentPage(page, (installation) => presentInstallation(installation, integration.name, ctx.links)));
  }));

  // The installation's `urls.location` (and the Location of its creation), under the same visibility rule.
  router.get(`${base}/:installationId`, ...route({ params: installationParams }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    const installation = await findInstallation(ctx.db, integration.id, req.params.installationId);
    const organizations = visibleInstallationOrganizations(accessOf(integration), req.caller.memberships);
    if (!installation || (organizations !== 'all' && !organizations.includes(installation.organization_id))) throw notFound('Installation');
    res.json(presentInstallation(installation, integration.name, ctx.links));
  }));

  return router;
}
