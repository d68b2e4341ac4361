import { askerOf, authorize } from '@dp/auth';
import { Router } from 'express';
import { notFound, presentPage, route } from '@dp/http';
import { contentClient } from '../clients/content';
import type { TranslationsContext } from '../context';
import { translatedPageCounts, type TranslationRow } from '../data/translations';
import { readTranslation, readTranslationsPage } from '../queries/read-translations';
import { findGlossaryEntry, listGlossary } from '../data/glossary';
import { changeInstructions, requestRun } from '../commands/manage-translation';
import { updateGlossary } from '../commands/update-glossary';
import { presentGlossaryEntry } from '../presenters/glossary';
import { createTranslation } from '../commands/create-translation';
import { deleteTranslation } from '../commands/delete-translation';
import { presentTranslation } from '../presenters/translation';
import {
  createTranslationBody,
  glossaryEntryParams,
  listGlossaryQuery,
  listTranslationsQuery,
  organizationParams,
  translationParams,
  updateGlossaryBody,
  updateTranslationBody,
} from '../schemas/translations';

/** Translations of an organization's spaces. Reading needs `view` (any member); creating and deleting need `createContent`. */
export function translationsRouter(ctx: TranslationsContext): Router {
  const router = Router();
  const content = contentClient(ctx.services.content);
  const pagesOf = async (translation: TranslationRow) => (await translatedPageCounts(ctx.db, [translation.id])).get(translation.id) ?? 0;

  router.post('/v1/orgs/:organizationId/translations', ...route({ params: organizationParams, body: createTranslationBody }).handle(async (req, res) => {
    const asker = askerOf(req);
    const { translation, role } = await createTranslation(ctx, content, asker, req.params.organizationId, req.body);
    const body = presentTranslation(translation, role, ctx.links, 0);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get('/v1/orgs/:organizationId/translations', ...route({ params: organizationParams, query: listTranslationsQuery }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const page = await readTranslationsPage(ctx.db, organizationId, req.query);
    res.json(presentPage(page, ({ translation, pages }) => presentTranslation(translation, role, ctx.links, pages)));
  }));

  router.get('/v1/orgs/:organizationId/translations/:translationId', ...route({ params: translationParams }).handle(async (req, res) => {
    const organizationId = req.params.organizationId;
    const role = authorize(req.caller, organizationId, 'view', 'Organization');
    const found = await readTranslation(ctx.db, organizationId, req.params.translationId);
    if (!found) throw notFound('Translation');
    res.json(presentTranslation(found.translation, role, ctx.links, found.pages));
  }));

  router.put('/v1/orgs/:organizationId/translations/:translationId', ...route({ params: translationParams, body: updateTranslationBody }).handle(async (req, res) => {
    const { translation, role } = await changeInstructions(ctx, req.caller, req.params.organizationId, req.params.translationId, req.body.instructions);
    res.json(presentTranslation(translation, role, ctx.links, await pagesOf(translation)));
  }));

  // Official statuses: 204 the run is queued, 404 no such translation.
  router.post('/v1/orgs/:organizationId/translations/:translationId/run', ...route({ params: translationParams }).handle(async (req, res) => {
    await requestRun(ctx, req.caller, req.params.organizationId, req.params.translationId);
    res.status(204).end();
  }));

  router.get('/v1/orgs/:organizationId/translations-glossary', ...route({ params: organizationParams, query: listGlossaryQuery }).handle(async (req, res) => {
    authorize(req.caller, req.params.organizationId, 'view', 'Organization');
    const page = await listGlossary(ctx.db, req.params.organizationId, req.query);
    res.json(presentPage(page, (entry) => presentGlossaryEntry(entry, ctx.links)));
  }));

  // Official: 204 once every operation is applied.
  router.put('/v1/orgs/:organizationId/translations-glossary', ...route({ params: organizationParams, body: updateGlossaryBody }).handle(async (req, res) => {
    await updateGlossary(ctx, req.caller, req.params.organizationId, req.body);
    res.status(204).end();
  }));

  router.get('/v1/orgs/:organizationId/translations-glossary/:glossaryEntryId', ...route({ params: glossaryEntryParams }).handle(async (req, res) => {
    authorize(req.caller, req.params.organizationId, 'view', 'Organization');
    const entry = await findGlossaryEntry(ctx.db, req.params.organizationId, req.params.glossaryEntryId);
    if (!entry) throw notFound('Glossary entry');
    res.json(presentGlossaryEntry(entry, ctx.links));
  }));

  // Interface statuses: 205 the translation was deleted, 204 it did not exist.
  router.delete('/v1/orgs/:organizationId/translations/:translationId', ...route({ params: translationParams }).handle(async (req, res) => {
    const deleted = await deleteTranslation(ctx, req.caller, req.params.organizationId, req.params.translationId);
    res.status(deleted ? 205 : 204).end();
  }));

  return router;
}
