import { authorize, type Caller, type Role } from '@dp/auth';
import { TranslationsEvents } from '@dp/events';
import { badRequest, conflict, notFound } from '@dp/http';
import type { TranslationsContext } from '../context';
import { findTranslation, updateInstructions, type TranslationRow } from '../data/translations';
import type { InstructionsDocument } from '../domain/translation';
import { providerFrom } from '../providers';

/** PUT ORG/translations/{id}: new instructions (used by the next run). Needs `createContent`. */
export async function changeInstructions(ctx: TranslationsContext, caller: Caller, organizationId: string, id: string, instructions: InstructionsDocument): Promise<{ translation: TranslationRow; role: Role }> {
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const translation = await updateInstructions(ctx.db, organizationId, id, instructions);
  if (!translation) throw notFound('Translation');
  return { translation, role };
}

/**
 * POST ORG/translations/{id}/run: queues a run for the worker (docs/adr/0045). 400 without a provider (the
 * message names the missing setting), 409 when its source space was deleted. Needs `createContent`.
 */
export async function requestRun(ctx: TranslationsContext, caller: Caller, organizationId: string, id: string): Promise<void> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  const chosen = providerFrom(ctx.config);
  if ('missing' in chosen) throw badRequest(chosen.missing);
  await ctx.db.transaction(async (trx) => {
    const translation = await findTranslation(trx, organizationId, id);
    if (!translation) throw notFound('Translation');
    if (translation.source_deleted_at) throw conflict('The source space of this translation was deleted: it runs no more');
    await ctx.emit(trx, TranslationsEvents.TRANSLATION_RUN_REQUESTED, { translationId: id, organizationId }, id);
  });
}
