import { authorize, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest } from '@dp/http';
import type { TranslationsContext } from '../context';
import { deleteGlossaryEntry, insertGlossaryEntry, updateGlossaryEntry } from '../data/glossary';
import type { UpdateGlossaryBody } from '../schemas/translations';

/**
 * PUT ORG/translations-glossary: the operations in order, all or none (an update or delete of an entry the
 * organization does not have is a 400 naming it). Needs `createContent`. The next runs use the glossary.
 */
export async function updateGlossary(ctx: TranslationsContext, caller: Caller, organizationId: string, body: UpdateGlossaryBody): Promise<void> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  await ctx.db.transaction(async (trx) => {
    for (const [i, op] of body.operations.entries()) {
      if (op.type === 'insert') {
        await insertGlossaryEntry(trx, { id: newId(), organization_id: organizationId, translations: op.translations });
      } else if (op.type === 'update') {
        if (!(await updateGlossaryEntry(trx, organizationId, op.id, op.translations))) throw badRequest(`body.operations[${i}].id: no glossary entry ${op.id}`);
      } else if (!(await deleteGlossaryEntry(trx, organizationId, op.id))) {
        throw badRequest(`body.operations[${i}].id: no glossary entry ${op.id}`);
      }
    }
  });
}
