import { askerOf } from '@dp/auth';
import { Router } from 'express';
import { notFound, onBehalfOf, presentPage, route, type OnBehalfOf } from '@dp/http';
import type { TargetObject, TargetsClient } from '../clients/targets';
import type { IntegrationsContext } from '../context';
import { findBinding, listBindings, type TargetInstallationRow, type TargetKind } from '../data/target-installations';
import { bindInstallation, unbindInstallation, updateInstallationBinding } from '../commands/manage-bindings';
import { visibleInstallationOrganizations } from '../domain/integration-rules';
import { loadVisibleInstallation, loadVisibleIntegration } from '../queries/load-integration';
import { presentTargetInstallation } from '../presenters/target-installation';
import { integrationParams } from '../schemas/integrations';
import {
  bindingQuery,
  installationParams,
  installSiteBody,
  installSpaceBody,
  listBindingsQuery,
  listInstallationBindingsQuery,
  siteBindingParams,
  spaceBindingParams,
  updateBindingBody,
} from '../schemas/installations';

type BoundTarget = { row: TargetInstallationRow; target?: TargetObject };

/**
 * Installations on spaces and sites (docs/adr/0043): the integration's bindings (GET .../spaces, .../sites),
 * an installation's (GET .../installations/{id}/spaces, /sites), and binding, reading, changing and ending
 * one. Both kinds get the same routes; `extended` embeds the Space or Site its service shows the caller.
 */
export function bindingsRouter(ctx: IntegrationsContext, targets: TargetsClient): Router {
  const router = Router();
  for (const kind of ['space', 'site'] as const) mountBindingRoutes(router, ctx, targets, kind);
  return router;
}

function mountBindingRoutes(router: Router, ctx: IntegrationsContext, targets: TargetsClient, kind: TargetKind): void {
  const plural = `${kind}s`;
  const installation = `/v1/integrations/:integrationName/installations/:installationId/${plural}`;
  const params = kind === 'space' ? spaceBindingParams : siteBindingParams;
  const one = `${installation}/:${kind}Id`;
  const targetIdOf = (p: { spaceId: string } | { siteId: string }) => ('spaceId' in p ? p.spaceId : p.siteId);
  const present = (rows: BoundTarget[], name: string) => rows.map((bound) => presentBound(bound, name));
  const presentBound = ({ row, target }: BoundTarget, name: string) => presentTargetInstallation(row, name, ctx.links, target);
  const withTargets = async (rows: TargetInstallationRow[], extended: boolean, on: OnBehalfOf) =>
    Promise.all(rows.map(async (row) => ({ row, target: extended ? await targets.find(row.kind, row.organization_id, row.target_id, on) : undefined })));

  // The integration's bindings the caller may see: all to its owner's admins, else those on their organizations.
  router.get(`/v1/integrations/:integrationName/${plural}`, ...route({ params: integrationParams, query: listBindingsQuery }).handle(async (req, res) => {
    const integration = await loadVisibleIntegration(ctx.db, req.caller, req.params.integrationName);
    const { externalId, extended, ...list } = req.query;
    const organizations = visibleInstallationOrganizations(req.caller.memberships);
    const page = await listBindings(ctx.db, { integrationId: integration.id, kind, organizations, externalId }, list);
    res.json(presentPage({ ...page, items: await withTargets(page.items, extended, onBehalfOf(req)) }, (bound) => presentBound(bound, integration.name)));
  }));

  router.get(installation, ...route({ params: installationParams, query: listInstallationBindingsQuery }).handle(async (req, res) => {
    const found = await loadVisibleInstallation(ctx.db, req.caller, req.params.integrationName, req.params.installationId);
    const { extended, ...list } = req.query;
    const page = await listBindings(ctx.db, { integrationId: found.integration.id, kind, organizations: 'all', installationId: found.installation.id }, list);
    res.json(presentPage({ ...page, items: await withTargets(page.items, extended, onBehalfOf(req)) }, (bound) => presentBound(bound, found.integration.name)));
  }));

  // Official: 201 with Location; the Space (Site) embedded when `extended`.
  router.post(installation, ...route({ params: installationParams, query: bindingQuery, body: kind === 'space' ? installSpaceBody : installSiteBody }).handle(async (req, res) => {
    const targetId = 'space' in req.body ? req.body.space : req.body.siteId;
    const { binding, target } = await bindInstallation(ctx, targets, askerOf(req), req.params.integrationName, req.params.installationId, kind, targetId);
    const body = presentTargetInstallation(binding, req.params.integrationName, ctx.links, req.query.extended ? target : undefined);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get(one, ...route({ params, query: bindingQuery }).handle(async (req, res) => {
    const found = await loadVisibleInstallation(ctx.db, req.caller, req.params.integrationName, req.params.installationId);
    const binding = await findBinding(ctx.db, found.installation.id, kind, targetIdOf(req.params));
    if (!binding) throw notFound(`${kind === 'space' ? 'Space' : 'Site'} installation`);
    res.json(present(await withTargets([binding], req.query.extended, onBehalfOf(req)), found.integration.name)[0]);
  }));

  router.patch(one, ...route({ params, query: bindingQuery, body: updateBindingBody }).handle(async (req, res) => {
    const binding = await updateInstallationBinding(ctx, req.caller, req.params.integrationName, req.params.installationId, kind, targetIdOf(req.params), req.body);
    res.json(present(await withTargets([binding], req.query.extended, onBehalfOf(req)), req.params.integrationName)[0]);
  }));

  // Official statuses: 205 the binding was deleted, 204 there was none.
  router.delete(one, ...route({ params }).handle(async (req, res) => {
    const removed = await unbindInstallation(ctx, req.caller, req.params.integrationName, req.params.installationId, kind, targetIdOf(req.params));
    res.status(removed ? 205 : 204).end();
  }));
}
