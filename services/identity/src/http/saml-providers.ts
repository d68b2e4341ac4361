import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { defaultTeamsOf, findSamlProvider, listActiveSamlProviders, listSamlProviders, type SamlProviderRow } from '../data/saml-providers';
import { createSamlProvider } from '../commands/create-saml-provider';
import { updateSamlProviderSettings } from '../commands/update-saml-provider';
import { removeSamlProvider } from '../commands/delete-saml-provider';
import { presentSamlProvider, presentSsoLogin } from '../presenters/saml-provider';
import { organizationParams } from '../schemas/organizations';
import { createSamlProviderBody, listSamlProvidersQuery, samlProviderParams, updateSamlProviderBody } from '../schemas/saml-providers';

/** `ORG/saml` (admins: the providers are configuration, certificate included) and `ORG/sso` (any member: where to sign in). */
export function samlProvidersRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId';
  const present = async (providers: SamlProviderRow[]) => {
    const teams = await defaultTeamsOf(ctx.db, providers);
    return (p: SamlProviderRow) => presentSamlProvider(p, p.default_team_id ? teams.get(p.default_team_id) : undefined, ctx.config.PUBLIC_URL, ctx.links);
  };

  router.get(`${base}/saml`, ...route({ params: organizationParams, query: listSamlProvidersQuery }).handle(async (req, res) => {
    const { organizationId } = req.params;
    authorize(req.caller, organizationId, 'admin', 'Organization');
    const page = await listSamlProviders(ctx.db, organizationId, req.query);
    res.json(presentPage(page, await present(page.items)));
  }));

  router.post(`${base}/saml`, ...route({ params: organizationParams, body: createSamlProviderBody }).handle(async (req, res) => {
    const provider = await createSamlProvider(ctx, req.caller, req.params.organizationId, req.body);
    const json = (await present([provider]))(provider);
    res.status(201).location(json.urls.location).json(json);
  }));

  router.get(`${base}/saml/:samlProviderId`, ...route({ params: samlProviderParams }).handle(async (req, res) => {
    const { organizationId, samlProviderId } = req.params;
    authorize(req.caller, organizationId, 'admin', 'Organization');
    const provider = await findSamlProvider(ctx.db, organizationId, samlProviderId);
    if (!provider) throw notFound('SAML provider');
    res.json((await present([provider]))(provider));
  }));

  router.patch(`${base}/saml/:samlProviderId`, ...route({ params: samlProviderParams, body: updateSamlProviderBody }).handle(async (req, res) => {
    const { organizationId, samlProviderId } = req.params;
    const provider = await updateSamlProviderSettings(ctx, req.caller, organizationId, samlProviderId, req.body);
    res.json((await present([provider]))(provider));
  }));

  // Official statuses: 205 the provider was deleted, 204 there was no such provider.
  router.delete(`${base}/saml/:samlProviderId`, ...route({ params: samlProviderParams }).handle(async (req, res) => {
    const { organizationId, samlProviderId } = req.params;
    const removed = await removeSamlProvider(ctx, req.caller, organizationId, samlProviderId);
    res.status(removed ? 205 : 204).end();
  }));

  router.get(`${base}/sso`, ...route({ params: organizationParams }).handle(async (req, res) => {
    const { organizationId } = req.params;
    authorize(req.caller, organizationId, 'view', 'Organization');
    const providers = await listActiveSamlProviders(ctx.db, organizationId);
    res.json({ items: providers.map((p) => presentSsoLogin(p, ctx.config.PUBLIC_URL)) });
  }));

  return router;
}
