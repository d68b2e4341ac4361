import type { Knex } from 'knex';
import { paginate } from '@dp/db';
import type { ListParams, Page } from '@dp/http';
import { ACTIVE_STATUSES, type ImportRunStatus } from '../domain/import/run-status';

export interface ImportRunRow {
  id: string;
  seq: string;
  organization_id: string;
  space_id: string;
  change_request_id: string | null;
  source_url: string;
  status: ImportRunStatus;
  reason: string | null;
  revision_id: string | null;
  imported_resources: number | null;
  total_resources: number | null;
  created_by: string;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  updated_at: Date;
}

export type NewImportRun = Pick<ImportRunRow, 'id' | 'organization_id' | 'space_id' | 'change_request_id' | 'source_url' | 'created_by'>;

export async function insertImportRun(db: Knex, row: NewImportRun): Promise<ImportRunRow> {
  const [inserted] = await db<ImportRunRow>('import_runs').insert({ ...row, status: 'pending' }).returning('*');
  return inserted;
}

export const findImportRun = (db: Knex, organizationId: string, id: string) => db<ImportRunRow>('import_runs').where({ organization_id: organizationId, id }).first();

/** Runs of an organization still pending or in progress. */
export async function countActiveImportRuns(db: Knex, organizationId: string): Promise<number> {
  const [{ count }] = await db('import_runs').where({ organization_id: organizationId }).whereIn('status', ACTIVE_STATUSES).count<{ count: string }[]>({ count: '*' });
  return Number(count);
}

/** Marks failed, with `reason`, the organization's active runs not updated since `since`: they never reported back. */
export async function failLeftBehindRuns(db: Knex, organizationId: string, since: Date, reason: string): Promise<void> {
  await db('import_runs').where({ organization_id: organizationId }).whereIn('status', ACTIVE_STATUSES).where('updated_at', '<', since).update({ status: 'failed', reason, updated_at: db.fn.now() });
}

export interface ImportRunFilters {
  space?: string;
  changeRequest?: string;
  statuses?: readonly ImportRunStatus[];
}

/** Most recent first, as the official list is. */
export function listImportRuns(db: Knex, organizationId: string, filters: ImportRunFilters, params: ListParams): Promise<Page<ImportRunRow>> {
  const query = db<ImportRunRow>('import_runs').where({ organization_id: organizationId });
  if (filters.space) query.where({ space_id: filters.space });
  if (filters.changeRequest) query.where({ change_request_id: filters.changeRequest });
  if (filters.statuses) query.whereIn('status', filters.statuses);
  return paginate<ImportRunRow>(query, params, { order: 'desc' });
}

/**
 * Moves a run from one of the statuses `from` to its next state; false when it was no longer in them (it was
 * cancelled meanwhile, or already ended), and then nothing changes.
 */
export async function moveImportRun(db: Knex, id: string, from: readonly ImportRunStatus[], to: Partial<Omit<ImportRunRow, 'id' | 'seq'>>): Promise<ImportRunRow | undefined> {
  const [row] = await db<ImportRunRow>('import_runs').where({ id }).whereIn('status', from).update({ ...to, updated_at: db.fn.now() }).returning('*');
  return row;
}
