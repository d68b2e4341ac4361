import { authorize, requireUser, type Caller, type Role } from '@dp/auth';
import { newId } from '@dp/db';
import { OpenApiEvents } from '@dp/events';
import { badRequest, conflict } from '@dp/http';
import type { OpenapiContext } from '../context';
import { insertSpecIfSlugFree, type SpecRow } from '../data/specs';
import { sourceColumns, sourceUrlProblem } from '../domain/spec-source';
import type { CreateSpecBody } from '../schemas/specs';

/**
 * A member who may create content (the organization's `createOpenAPISpec` permission) adds a spec from a URL
 * or from its text (stored as given). The slug is unique per organization: 409 when taken.
 */
export async function createSpec(ctx: OpenapiContext, caller: Caller, organizationId: string, input: CreateSpecBody): Promise<{ spec: SpecRow; role: Role }> {
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(caller);
  const sourceUrl = 'url' in input.source ? input.source.url : null;
  const problem = sourceUrl === null ? undefined : sourceUrlProblem(sourceUrl);
  if (problem) throw badRequest(`body.source.url ${problem}`);
  return ctx.db.transaction(async (trx) => {
    const spec = await insertSpecIfSlugFree(trx, {
      id: newId(),
      organization_id: organizationId,
      slug: input.slug,
      ...sourceColumns(input.source),
      // The openapi worker processes it (the event below) and sets it `complete`.
      processing_state: 'pending',
      created_by: userId,
    });
    if (!spec) throw conflict(`An OpenAPI specification with slug "${input.slug}" already exists in this organization`);
    await ctx.emit(trx, OpenApiEvents.SPEC_CREATED, { specId: spec.id, organizationId, slug: spec.slug, ...(spec.source_url ? { sourceURL: spec.source_url } : {}) }, spec.id);
    await ctx.emit(trx, OpenApiEvents.SPEC_PROCESSING_REQUESTED, { specId: spec.id, organizationId }, spec.id);
    return { spec, role };
  });
}
