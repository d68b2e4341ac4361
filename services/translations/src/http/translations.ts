import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, onBehalfOf, presentPage, route } from '@dp/http';
import { contentClient } from '../clients/content';
import type { TranslationsContext } from '../context';
import { findTranslation, listTranslations } from '../data/translations';
import { createTranslation } from '../commands/create-translation';
import { deleteTranslation } from '../commands/delete-translation';
import { presentTranslation } from '../presenters/translation';
import { createTranslationBody, listTranslationsQuery, organizationParams, translationParams } from '../schemas/translations';

/** Translations of an organization's spaces. Reading needs `view` (any member); creating and deleting need `createContent`. */
export function translationsRouter(ctx: TranslationsContext): Router {
  const router = Router();
  const content = contentClient(ctx.services.content);

  router.post('/v1/orgs/:organizationId/translations', ...route({ params: organizationParams, body: createTranslationBody }).handle(async (req, res) => {
    const asker = { caller: req.caller, on: onBehalfOf(req) };
    const { translation, role } = await createTranslation(ctx, content, asker, req.params.organizationId, req.body);
    const body = presentTranslation(translation, role, ctx.links);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get('/v1/orgs/:organizationId/translations', ...route({ params: organizationParams, query: listTranslationsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await listTranslations(ctx.db, organizationId, req.query);
    res.json(presentPage(page, (translation) => presentTranslation(translation, role, ctx.links)));
  }));

  router.get('/v1/orgs/:organizationId/translations/:translationId', ...route({ params: translationParams }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const translation = await findTranslation(ctx.db, organizationId, req.params.translationId);
    if (!translation) throw notFound('Translation');
    res.json(presentTranslation(translation, role, ctx.links));
  }));

  // Interface statuses: 205 the translation was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/translations/:translationId', ...route({ params: translationParams }).handle(async (req, res) => {
    const deleted = await deleteTranslation(ctx, req.caller, req.params.organizationId, req.params.translationId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
