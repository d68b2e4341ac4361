import { iso, type Links } from '@dp/http';
import type { ImportRunRow } from '../data/import-runs';

/** The official ContentImportRun (docs/adr/0061). */
export function presentImportRun(run: ImportRunRow, links: Links) {
  return {
    object: 'import-run' as const,
    id: run.id,
    status: run.status,
    ...(run.reason ? { reason: run.reason } : {}),
    createdAt: iso(run.created_at)!,
    updatedAt: iso(run.updated_at)!,
    ...(run.started_at ? { startedAt: iso(run.started_at)! } : {}),
    ...(run.completed_at ? { completedAt: iso(run.completed_at)! } : {}),
    source: { type: 'website' as const, url: run.source_url },
    target: { space: run.space_id, ...(run.change_request_id ? { changeRequest: run.change_request_id } : {}) },
    createdBy: run.created_by,
    urls: { location: links.api(`/org/${run.organization_id}/imports/${run.id}`) },
  };
}
