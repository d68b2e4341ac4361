import type { Caller } from '@dp/auth';
import { badRequest, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findImportRun, moveImportRun, type ImportRunRow } from '../data/import-runs';
import { ACTIVE_STATUSES } from '../domain/import/run-status';
import { authorizeImportTarget } from './import-website';

/**
 * `POST /org/{id}/imports/{runId}/cancel`: by a caller who may import into its target. A run that has not
 * started writing writes nothing (its crawl still ends at the deadline, its pages unused); one that ended is a
 * 400 naming its status.
 */
export async function cancelImportRun(ctx: ContentContext, caller: Caller, organizationId: string, runId: string): Promise<ImportRunRow> {
  const run = await findImportRun(ctx.db, organizationId, runId);
  if (!run) throw notFound('Import run');
  await authorizeImportTarget(ctx, caller, { spaceId: run.space_id, changeRequestId: run.change_request_id ?? undefined });
  const cancelled = await moveImportRun(ctx.db, run.id, ACTIVE_STATUSES, { status: 'cancelled' });
  if (!cancelled) throw badRequest(`Import run ${run.id} has already ended: there is nothing to cancel`);
  return cancelled;
}
