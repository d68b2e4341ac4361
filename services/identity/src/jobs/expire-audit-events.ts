import type { Job } from '@dp/runtime';
import type { IdentityConfig } from '../config';
import { expireAuditEvents } from '../data/audit-events';

const BATCH = 5_000;
const HOUR_MS = 3_600_000;

/** Removes audit entries older than AUDIT_RETENTION_DAYS, in batches (docs/adr/0095); how many it removed. */
export async function expireAuditLog(deps: Parameters<Job<IdentityConfig>['run']>[0], now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.AUDIT_RETENTION_DAYS * 24 * HOUR_MS);
  let total = 0;
  for (let removed = BATCH; removed === BATCH; total += removed) removed = await expireAuditEvents(deps.db, cutoff, BATCH);
  if (total) deps.log.info({ removed: total, cutoff }, 'expired audit log entries past their retention');
  return total;
}

export const expireAuditLogJob: Job<IdentityConfig> = { name: 'expire-audit-log', everyMs: HOUR_MS, run: (deps) => expireAuditLog(deps).then(() => undefined) };
