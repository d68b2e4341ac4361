import { INSIGHTS_LIMITS } from '../domain/site-insights';

export { siteParams } from './sites';

/** Official trackEventsInSiteById body; each event is checked against the official `SiteInsightsEvent` by the command. */
export const trackEventsBody = {
  type: 'object',
  properties: { events: { type: 'array', maxItems: INSIGHTS_LIMITS.eventsPerCall, items: { type: 'object' } } },
  required: ['events'],
} as const;

/** Official aggregateSiteEvents body (`SiteInsightsQueryEventsAggregation`), checked whole by the query. */
export const aggregateEventsBody = { type: 'object', properties: { range: {} }, required: ['range'] } as const;
