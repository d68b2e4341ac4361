import { createServiceContext, type Job } from '@dp/runtime';
import { ContentEvents } from '@dp/events';
import type { ContentConfig } from '../config';
import { deleteSpacesForGood, lockSpacesDeletedBefore } from '../data/spaces';
import { purgeCutoff } from '../domain/space-lifecycle';

/** Removes spaces deleted longer ago than the restore window, for good, in batches; one event each. */
export async function purgeDeletedSpaces(deps: Parameters<Job<ContentConfig>['run']>[0], now = new Date()): Promise<number> {
  const ctx = createServiceContext('content', deps);
  let total = 0;
  for (;;) {
    const purged = await ctx.db.transaction(async (trx) => {
      const spaces = await lockSpacesDeletedBefore(trx, purgeCutoff(now, ctx.config.CONTENT_RESTORE_WINDOW_DAYS), 100);
      if (spaces.length === 0) return 0;
      await deleteSpacesForGood(trx, spaces.map((s) => s.id));
      for (const s of spaces) await ctx.emit(trx, ContentEvents.SPACE_PURGED, { spaceId: s.id, organizationId: s.organization_id }, s.id);
      return spaces.length;
    });
    total += purged;
    if (purged < 100) break;
  }
  if (total) ctx.log.info({ purged: total }, 'purged spaces past the restore window');
  return total;
}

export function purgeDeletedSpacesJob(config: ContentConfig): Job<ContentConfig> {
  return { name: 'purge-deleted-spaces', everyMs: config.CONTENT_PURGE_INTERVAL_MS, run: (deps) => purgeDeletedSpaces(deps).then(() => undefined) };
}
