import { askerOf } from '@dp/auth';
import { Router, type Response } from 'express';
import { notFound, presentPage, route } from '@dp/http';
import type { IdentityApi } from '../clients/identity';
import type { IntegrationsContext } from '../context';
import { listVisibleIntegrations } from '../data/integrations';
import { loadVisibleIntegration } from '../queries/load-integration';
import { publishIntegration } from '../commands/publish-integration';
import { unpublishIntegration } from '../commands/unpublish-integration';
import { changeDevelopmentMode } from '../commands/set-development-mode';
import { developmentModeBody } from '../schemas/development';
import { imageMediaType } from '../domain/assets';
import { normalizeDomain, targetsMatching } from '../domain/integration-rules';
import { presentIntegration } from '../presenters/integration';
import {
  integrationAssetParams,
  integrationParams,
  listIntegrationsQuery,
  publishIntegrationBody,
} from '../schemas/integrations';

export function integrationsRouter(ctx: IntegrationsContext, identity: IdentityApi): Router {
  const router = Router();

  router.get('/v1/integrations', ...route({ query: listIntegrationsQuery }).handle(async (req, res) => {
    const { page, limit, target, blockDomain, ...filters } = req.query;
    const result = await listVisibleIntegrations(
      ctx.db,
      Object.keys(req.caller.memberships),
      { ...filters, ...(blockDomain ? { blockDomain: normalizeDomain(blockDomain) } : {}), ...(target ? { targets: targetsMatching(target) } : {}) },
      { page, limit },
    );
    res.json(presentPage(result, (integration) => presentIntegration(integration, req.caller, ctx.links)));
  }));

  router.get('/v1/integrations/:integrationName', ...route({ params: integrationParams }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    res.json(presentIntegration(integration, req.caller, ctx.links));
  }));

  // Official status: 200 with the integration, on the first publish as on every later one.
  router.post('/v1/integrations/:integrationName', ...route({ params: integrationParams, body: publishIntegrationBody }).handle(async (req, res) => {
    const integration = await publishIntegration(ctx, identity, askerOf(req), req.params.integrationName, req.body);
    res.json(presentIntegration(integration, req.caller, ctx.links));
  }));

  // Official statuses: 205 the integration was unpublished, 204 it did not exist.
  router.delete('/v1/integrations/:integrationName', ...route({ params: integrationParams }).handle(async (req, res) => {
    const deleted = await unpublishIntegration(ctx, req.caller, req.params.integrationName);
    res.status(deleted ? 205 : 204).end();
  }));

  // Official statuses: 204 development mode is set, or ended.
  router.put('/v1/integrations/:integrationName/dev', ...route({ params: integrationParams, body: developmentModeBody }).handle(async (req, res) => {
    await changeDevelopmentMode(ctx, req.caller, req.params.integrationName, { url: req.body.tunnelUrl, all: req.body.all ?? false });
    res.status(204).end();
  }));

  router.delete('/v1/integrations/:integrationName/dev', ...route({ params: integrationParams }).handle(async (req, res) => {
    await changeDevelopmentMode(ctx, req.caller, req.params.integrationName, null);
    res.status(204).end();
  }));

  // The icon and preview images published as base64, served as images (their `urls`); readable by whoever may read the integration.
  router.get('/v1/integrations/:integrationName/assets/icon', ...route({ params: integrationParams }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    if (!integration.icon) throw notFound('Icon');
    sendImage(res, integration.icon);
  }));

  router.get('/v1/integrations/:integrationName/assets/preview-images/:index', ...route({ params: integrationAssetParams }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    const image = integration.preview_images[Number(req.params.index)];
    if (!image) throw notFound('Preview image');
    sendImage(res, image);
  }));

  return router;
}

function sendImage(res: Response, base64: string): void {
  const bytes = Buffer.from(base64, 'base64');
  res
    .status(200)
    .type(imageMediaType(bytes))
    .set({ 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" })
    .send(bytes);
}
