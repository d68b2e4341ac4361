import type { Caller } from '@dp/auth';
import { badRequest, officialSchemaError } from '@dp/http';
import type { SitesContext } from '../context';
import { isJsonObject } from '../domain/customization';
import { insertInsightEvents } from '../data/site-insight-events';
import { rowOfEvent, type InsightEventRow } from '../domain/site-insights';
import { SITE_READ } from '../domain/site-rules';
import { loadAuthorizedSite } from '../queries/load-site';

/**
 * The official trackEventsInSiteById (docs/adr/0093): events of the site's readers sent by a member's client
 * (a renderer of its own, an integration), each an official `SiteInsightsEvent`. All or none are kept.
 */
export async function trackSiteEvents(ctx: SitesContext, caller: Caller, organizationId: string, siteId: string, events: unknown[]): Promise<number> {
  const { site } = await loadAuthorizedSite(ctx.db, caller, organizationId, siteId, SITE_READ);
  const now = new Date();
  const rows: InsightEventRow[] = [];
  for (const [i, event] of events.entries()) {
    const problem = officialSchemaError('SiteInsightsEvent', event, `body.events[${i}]`);
    if (problem || !isJsonObject(event)) throw badRequest(problem ?? `body.events[${i}] must be an object`);
    const row = rowOfEvent(event, site, now);
    if (typeof row === 'string') throw badRequest(`body.events[${i}].${row}`);
    rows.push(row);
  }
  await insertInsightEvents(ctx.db, rows);
  return rows.length;
}
