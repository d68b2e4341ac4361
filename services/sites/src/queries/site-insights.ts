import type { Caller } from '@dp/auth';
import { badRequest, officialBodyError } from '@dp/http';
import type { SitesContext } from '../context';
import { isJsonObject } from '../domain/customization';
import { aggregateInsightEvents } from '../data/site-insight-events';
import { aggregationPlan } from '../domain/site-insights';
import { SITE_READ } from '../domain/site-rules';
import { presentAggregation } from '../presenters/site-insights';
import { loadAuthorizedSite } from './load-site';

/** The official aggregateSiteEvents (docs/adr/0093) over the columns this platform records. */
export async function aggregateSiteEvents(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, body: unknown) {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  const problem = officialBodyError('aggregateSiteEvents', body, 'body');
  if (problem || !isJsonObject(body)) throw badRequest(problem ?? 'body must be an object');
  const plan = aggregationPlan(body, new Date());
  if (typeof plan === 'string') throw badRequest(plan);
  return presentAggregation(plan, await aggregateInsightEvents(ctx.db, site.id, plan));
}
