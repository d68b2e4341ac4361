import { authorize, requireUser, type Caller, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { badRequest, conflict } from '@dp/http';
import type { OpenapiContext } from '../context';
import { insertSpecIfSlugFree, replaceSpecSource, type SpecRow } from '../data/specs';
import { sourceColumns, sourceUrlProblem } from '../domain/spec-source';
import type { PutSpecBody } from '../schemas/specs';

/**
 * PUT ORG/openapi/{specSlug}: replaces the spec's source, or creates the spec when the slug is new; either way
 * it is pending and queued for processing (the same URL again is a refresh). Needs `createContent`.
 */
export async function putSpec(ctx: OpenapiContext, caller: Caller, organizationId: string, slug: string, input: PutSpecBody): Promise<{ spec: SpecRow; role: Role; created: boolean }> {
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(caller);
  const problem = 'url' in input.source ? sourceUrlProblem(input.source.url) : undefined;
  if (problem) throw badRequest(`body.source.url ${problem}`);
  const source = sourceColumns(input.source);
  return ctx.db.transaction(async (trx) => {
    const inserted = await insertSpecIfSlugFree(trx, { id: newId(), organization_id: organizationId, slug, ...source, processing_state: 'pending', created_by: userId });
    if (inserted) {
      await ctx.emit(trx, OpenApiEvents.SPEC_CREATED, { specId: inserted.id, organizationId, slug, ...(inserted.source_url ? { sourceURL: inserted.source_url } : {}) }, inserted.id);
    }
    const spec = inserted ?? (await replaceSpecSource(trx, organizationId, slug, source));
    // Taken when inserting, gone when replacing: a concurrent DELETE won.
    if (!spec) throw conflict(`The OpenAPI specification "${slug}" was deleted meanwhile; try again`);
    await ctx.emit(trx, OpenApiEvents.SPEC_PROCESSING_REQUESTED, { specId: spec.id, organizationId }, spec.id);
    return { spec, role, created: Boolean(inserted) };
  });
}
