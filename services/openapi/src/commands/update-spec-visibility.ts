import { authorize, type Caller, type Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { OpenapiContext } from '../context';
import { updateSpecVisibility, type SpecRow } from '../data/specs';

/** PATCH ORG/openapi/{specSlug} `{visibility}`: needs `createContent`; 404 when there is no such spec. */
export async function setSpecVisibility(ctx: OpenapiContext, caller: Caller, organizationId: string, slug: string, visibility: SpecRow['visibility']): Promise<{ spec: SpecRow; role: Role }> {
  const role = authorize(caller, organizationId, 'createContent', 'Organization');
  const spec = await updateSpecVisibility(ctx.db, organizationId, slug, visibility);
  if (!spec) throw notFound('OpenAPI specification');
  return { spec, role };
}
