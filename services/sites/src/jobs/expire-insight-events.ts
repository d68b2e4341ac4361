import type { Job } from '@dp/runtime';
import type { SitesConfig } from '../config';
import { deleteInsightEventsBefore } from '../data/site-insight-events';
import { INSIGHTS_RETENTION_DAYS } from '../domain/site-insights';

const BATCH = 5_000;
const HOUR_MS = 3_600_000;

/** Removes insights events past their retention, in batches (docs/adr/0093); how many it removed. */
export async function expireInsightEvents(deps: Parameters<Job<SitesConfig>['run']>[0], now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - INSIGHTS_RETENTION_DAYS * 24 * HOUR_MS);
  let total = 0;
  for (let removed = BATCH; removed === BATCH; total += removed) removed = await deleteInsightEventsBefore(deps.db, cutoff, BATCH);
  if (total) deps.log.info({ removed: total }, 'expired site insights events');
  return total;
}

export const expireInsightEventsJob: Job<SitesConfig> = { name: 'expire-insight-events', everyMs: HOUR_MS, run: (deps) => expireInsightEvents(deps).then(() => undefined) };
