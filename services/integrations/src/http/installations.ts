import { Router } from 'express';
import { presentPage, route } from '@dp/http';
import type { TargetsClient } from '../clients/targets';
import type { IntegrationsContext } from '../context';
import { listInstallations } from '../data/installations';
import { spaceCounts } from '../data/target-installations';
import { loadVisibleInstallation, loadVisibleIntegration } from '../queries/load-integration';
import { installIntegration } from '../commands/install-integration';
import { updateIntegrationInstallation } from '../commands/update-installation';
import { visibleInstallationOrganizations } from '../domain/integration-rules';
import { presentInstallation } from '../presenters/installation';
import { integrationParams } from '../schemas/integrations';
import { installationParams, installIntegrationBody, listInstallationsQuery, updateInstallationBody } from '../schemas/installations';
import { askerOf } from '@dp/auth';

export function installationsRouter(ctx: IntegrationsContext, targets: TargetsClient): Router {
  const router = Router();
  const base = '/v1/integrations/:integrationName/installations';
  const countOf = async (installationId: string) => (await spaceCounts(ctx.db, [installationId])).get(installationId) ?? 0;

  // Official status: 201 with Location.
  router.post(base, ...route({ params: integrationParams, body: installIntegrationBody }).handle(async (req, res) => {
    const name = req.params.integrationName;
    const installation = await installIntegration(ctx, req.caller, name, req.body.organization);
    const body = presentInstallation(installation, name, ctx.links, 0);
    res.status(201).location(body.urls.location).json(body);
  }));

  // Admins of the owning organization see every installation; anyone else those of their own organizations.
  router.get(base, ...route({ params: integrationParams, query: listInstallationsQuery }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    const organizations = visibleInstallationOrganizations(req.caller.memberships);
    const { externalId, ...params } = req.query;
    const page = await listInstallations(ctx.db, integration.id, organizations, { externalId }, params);
    const counts = await spaceCounts(ctx.db, page.items.map((i) => i.id));
    res.json(presentPage(page, (installation) => presentInstallation(installation, integration.name, ctx.links, counts.get(installation.id) ?? 0)));
  }));

  // The installation's `urls.location` (and the Location of its creation), under the same visibility rule.
  router.get(`${base}/:installationId`, ...route({ params: installationParams }).handle(async (req, res) => {
    const { integration, installation } = await loadVisibleInstallation(ctx.db, req.caller, req.params.integrationName, req.params.installationId);
    res.json(presentInstallation(installation, integration.name, ctx.links, await countOf(installation.id)));
  }));

  // Official: 200 with the installation (docs/adr/0043).
  router.patch(`${base}/:installationId`, ...route({ params: installationParams, body: updateInstallationBody }).handle(async (req, res) => {
    const name = req.params.integrationName;
    const installation = await updateIntegrationInstallation(ctx, targets, askerOf(req), name, req.params.installationId, req.body);
    res.json(presentInstallation(installation, name, ctx.links, await countOf(installation.id)));
  }));

  return router;
}
