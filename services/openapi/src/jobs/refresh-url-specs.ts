import { createServiceContext, type AppDeps, type Job } from '@dp/runtime';
import { OpenApiEvents } from '@dp/events';
import type { OpenapiConfig } from '../config';
import { takeDueUrlSpecs } from '../data/specs';

const BATCH = 100;

/**
 * Queues a processing run for every spec from a URL whose last processing is older than the refresh interval
 * (docs/adr/0042), in batches, each batch marked `pending` and its events added to the outbox in one
 * transaction. Replicas of the worker skip each other's rows. Returns how many were queued.
 */
export async function refreshUrlSpecs(deps: AppDeps<OpenapiConfig>, now = new Date()): Promise<number> {
  const ctx = createServiceContext('openapi', deps);
  const dueBefore = new Date(now.getTime() - ctx.config.OPENAPI_REFRESH_INTERVAL_MS);
  let total = 0;
  for (;;) {
    const queued = await ctx.db.transaction(async (trx) => {
      const specs = await takeDueUrlSpecs(trx, dueBefore, BATCH);
      for (const spec of specs) await ctx.emit(trx, OpenApiEvents.SPEC_PROCESSING_REQUESTED, { specId: spec.id, organizationId: spec.organization_id }, spec.id);
      return specs.length;
    });
    total += queued;
    if (queued < BATCH) break;
  }
  if (total) ctx.log.info({ queued: total }, 'queued the refresh of specs from URLs');
  return total;
}

/** Every minute at most (sooner when the interval is shorter); none when the refresh is off (0). */
export function refreshUrlSpecsJobs({ config }: AppDeps<OpenapiConfig>): Job<OpenapiConfig>[] {
  const interval = config.OPENAPI_REFRESH_INTERVAL_MS;
  if (interval <= 0) return [];
  return [{ name: 'refresh-url-specs', everyMs: Math.min(interval, 60_000), run: (deps) => refreshUrlSpecs(deps).then(() => undefined) }];
}
