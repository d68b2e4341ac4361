import { authorize, type Caller } from '@dp/auth';
import { TranslationsEvents } from '@dp/events';
import type { TranslationsContext } from '../context';
import { deleteTranslation as deleteTranslationRow } from '../data/translations';

/** Deletes a translation; needs the right to create one. Returns false when the organization had none with that id. */
export async function deleteTranslation(ctx: TranslationsContext, caller: Caller, organizationId: string, translationId: string): Promise<boolean> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const translation = await deleteTranslationRow(trx, organizationId, translationId);
    if (!translation) return false;
    await ctx.emit(trx, TranslationsEvents.TRANSLATION_DELETED, { translationId, organizationId }, translationId);
    return true;
  });
}
