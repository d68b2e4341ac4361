import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, onBehalfOf, presentPage, validate, type ListParams } from '@dp/http';
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

  router.post('/v1/orgs/:organizationId/translations', validate({ params: organizationParams, body: createTranslationBody }), async (req, res) => {
    const asker = { caller: req.caller, on: onBehalfOf(req) };
    const { translation, role } = await createTranslation(ctx, content, asker, req.params.organizationId as string, req.body);
    const body = presentTranslation(translation, role, ctx.links);
    res.status(201).location(body.urls.location).json(body);
  });

  router.get('/v1/orgs/:organizationId/translations', validate({ params: organizationParams, query: listTranslationsQuery }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await listTranslations(ctx.db, organizationId, req.query as ListParams);
    res.json(presentPage(page, (translation) => presentTranslation(translation, role, ctx.links)));
  });

  router.get('/v1/orgs/:organizationId/translations/:translationId', validate({ params: translationParams }), async (req, res) => {
    const organizationId = req.params.organizationId as string;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const translation = await findTranslation(ctx.db, organizationId, req.params.translationId as string);
    if (!translation) throw notFound('Translation');
    res.json(presentTranslation(translation, role, ctx.links));
  });

  // Interface statuses: 205 the translation was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/translations/:translationId', validate({ params: translationParams }), async (req, res) => {
    const deleted = await deleteTranslation(ctx, req.caller, req.params.organizationId as string, req.params.translationId as string);
    res.status(deleted ? 205 : 204).end();
  });

  return router;
}
