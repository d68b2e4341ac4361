import { authorize, requireUser, type Role, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import { TranslationsEvents } from '@dp/events';
import { badRequest, HttpError } from '@dp/http';
import type { ContentClient } from '../clients/content';
import type { TranslationsContext } from '../context';
import { insertTranslation, type TranslationRow } from '../data/translations';
import { emptyInstructions, judgeSourceSpace, targetLanguageProblem } from '../domain/translation';
import type { CreateTranslationBody } from '../schemas/translations';

/**
 * A member who may create content asks for a space of the organization to be translated. The source space is
 * checked with the content service, fresh and as the caller sees it (never from content's schema).
 */
export async function createTranslation(
  ctx: TranslationsContext,
  content: ContentClient,
  asker: Asker,
  organizationId: string,
  input: CreateTranslationBody,
): Promise<{ translation: TranslationRow; role: Role }> {
  const role = authorize(asker.caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(asker.caller);
  const languageProblem = targetLanguageProblem(input.source.language, input.language);
  if (languageProblem) throw badRequest(languageProblem);
  const verdict = judgeSourceSpace(await content.getSpace(input.source.space, asker.on), organizationId, input.source.space);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.message);
  return ctx.db.transaction(async (trx) => {
    const translation = await insertTranslation(trx, {
      id: newId(),
      organization_id: organizationId,
      language: input.language,
      source_space_id: input.source.space,
      source_language: input.source.language,
      instructions: input.instructions ?? emptyInstructions(),
      // Its first run is queued below (a provider must be configured for it to do anything).
      status: 'pending',
      created_by: userId,
    });
    await ctx.emit(
      trx,
      TranslationsEvents.TRANSLATION_CREATED,
      { translationId: translation.id, organizationId, sourceSpaceId: translation.source_space_id, language: translation.language },
      translation.id,
    );
    await ctx.emit(trx, TranslationsEvents.TRANSLATION_RUN_REQUESTED, { translationId: translation.id, organizationId }, translation.id);
    return { translation, role };
  });
}
