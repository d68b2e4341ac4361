import { authorize, type Caller } from '@dp/auth';
import { OpenApiEvents } from '@dp/events';
import type { OpenapiContext } from '../context';
import { deleteSpec as deleteSpecRow } from '../data/specs';

/**
 * Deletes a spec for good (the interface has no restore for specs); needs the same right as creating one.
 * Returns false when the organization had no spec with that slug.
 */
export async function deleteSpec(ctx: OpenapiContext, caller: Caller, organizationId: string, slug: string): Promise<boolean> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  return ctx.db.transaction(async (trx) => {
    const spec = await deleteSpecRow(trx, organizationId, slug);
    if (!spec) return false;
    await ctx.emit(trx, OpenApiEvents.SPEC_DELETED, { specId: spec.id, organizationId, slug }, spec.id);
    return true;
  });
}
