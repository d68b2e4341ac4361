import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest, HttpError, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { countActiveImportRuns, failLeftBehindRuns, findImportRun, insertImportRun, moveImportRun, type ImportRunRow } from '../data/import-runs';
import { activeSince, LEFT_BEHIND_REASON } from '../domain/import/run-status';
import { authorizeImportTarget, crawlWebsite, writeImport, type ImportTarget } from './import-website';

export interface StartImportRunInput {
  url: string;
  target: { space: string; changeRequest?: string; page?: string };
}

/** Past CONTENT_IMPORT_RUNS_PER_ORG active runs in an organization, a new one waits for one of them to end. */
class TooManyImportRuns extends HttpError {
  constructor(limit: number) {
    super(429, `This organization already has ${limit} import runs pending or in progress, as many as it may (CONTENT_IMPORT_RUNS_PER_ORG): start this one when one of them has ended`);
  }
}

/**
 * `POST /org/{id}/imports` (docs/adr/0061): the caller is authorized on the target as for a direct import, the
 * run is stored `pending` and answered at once, and the import runs in the background of this process: the
 * same crawl within the same deadline (CONTENT_IMPORT_DEADLINE_MS), then the same one batch of pages. Its row
 * says how it ended. At most CONTENT_IMPORT_RUNS_PER_ORG runs of an organization are active at once.
 */
export async function startImportRun(ctx: ContentContext, caller: Caller, organizationId: string, input: StartImportRunInput): Promise<ImportRunRow> {
  const userId = requireUser(caller);
  if (input.target.page !== undefined) throw badRequest('body.target.page is not supported: pages are imported at the root of the space or change request');
  const target: ImportTarget = { spaceId: input.target.space, changeRequestId: input.target.changeRequest };
  const space = await authorizeImportTarget(ctx, caller, target);
  if (space.organization_id !== organizationId) throw notFound('Space');
  await failLeftBehindRuns(ctx.db, organizationId, activeSince(Date.now(), ctx.config.CONTENT_IMPORT_DEADLINE_MS), LEFT_BEHIND_REASON);
  const limit = ctx.config.CONTENT_IMPORT_RUNS_PER_ORG;
  if ((await countActiveImportRuns(ctx.db, organizationId)) >= limit) throw new TooManyImportRuns(limit);
  const run = await insertImportRun(ctx.db, {
    id: newId(),
    organization_id: organizationId,
    space_id: space.id,
    change_request_id: target.changeRequestId ?? null,
    source_url: input.url,
    created_by: userId,
  });
  void executeImportRun(ctx, caller, run, target).catch((err: unknown) => ctx.log.error({ err, importRun: run.id }, 'import run could not record how it ended'));
  return run;
}

/**
 * Runs an import in the background: `in-progress`, the crawl, then the write, unless the run was cancelled
 * meanwhile (checked again just before writing); a refusal (a 4xx of the direct import, the deadline included)
 * is the run's `reason`.
 */
async function executeImportRun(ctx: ContentContext, caller: Caller, run: ImportRunRow, target: ImportTarget): Promise<void> {
  const started = await moveImportRun(ctx.db, run.id, ['pending'], { status: 'in-progress', started_at: new Date() });
  if (!started) return;
  try {
    const crawl = await crawlWebsite(ctx, run.source_url);
    if ((await findImportRun(ctx.db, run.organization_id, run.id))?.status !== 'in-progress') return;
    const result = await writeImport(ctx, caller, target, run.source_url, crawl);
    await moveImportRun(ctx.db, run.id, ['in-progress'], {
      status: 'completed',
      completed_at: new Date(),
      revision_id: result.revision,
      imported_resources: result.importedResources,
      total_resources: result.totalResources,
    });
  } catch (err) {
    if (!(err instanceof HttpError && err.status < 500)) ctx.log.error({ err, importRun: run.id }, 'import run failed');
    const reason = err instanceof HttpError && err.status < 500 ? err.message : 'The import failed on our side; try again later';
    await moveImportRun(ctx.db, run.id, ['in-progress'], { status: 'failed', reason });
  }
}
