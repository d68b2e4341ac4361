import { requireUser, type Caller } from '@dp/auth';
import { SitesEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { SitesContext } from '../context';
import { storeAdaptiveSchema, type AdaptiveSchemaRow } from '../data/adaptive-schemas';
import { adaptiveSchemaProblem, isAdaptiveSchema } from '../domain/adaptive-schema-rules';
import { SITE_WRITE } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';
import type { UpdateAdaptiveSchemaBody } from '../schemas/adaptive-schema';

/**
 * PUT SITE/adaptive-schema: replaces the site's visitor-claims schema after checking it against the rules
 * (a 400 names the property and the rule it breaks, and nothing is stored). Conditions already set on the
 * site keep their text: they were checked against the schema of their time, and a claim the new schema no
 * longer declares reads as missing (false) when evaluated (docs/adr/0039).
 */
export async function updateAdaptiveSchema(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, input: UpdateAdaptiveSchemaBody): Promise<AdaptiveSchemaRow> {
  return ctx.db.transaction(async (trx) => {
    const { site } = await loadAuthorizedSite(trx, caller, organizationId, siteId, SITE_WRITE);
    const userId = requireUser(caller);
    const problem = adaptiveSchemaProblem(input.jsonSchema, 'body.jsonSchema');
    if (problem || !isAdaptiveSchema(input.jsonSchema)) throw badRequest(problem ?? 'body.jsonSchema is not a valid adaptive schema');
    const row = await storeAdaptiveSchema(trx, site.id, input.jsonSchema, userId);
    await ctx.emit(trx, SitesEvents.SITE_UPDATED, { siteId: site.id, organizationId, title: site.title, visibility: site.visibility, changed: ['adaptiveSchema'] }, site.id);
    return row;
  });
}
