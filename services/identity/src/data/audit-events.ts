import type { Knex } from 'knex';
import { jsonb, paginate, type Page } from '@dp/db';
import type { ListParams } from '@dp/http';
import type { AuditEntry } from '../domain/audit';

export interface AuditEventRow extends AuditEntry {
  seq: string;
  actor_label: string | null;
}

/** Records an entry once (an event delivered again is the same entry). */
export async function insertAuditEvent(db: Knex, entry: AuditEntry & { actor_label: string | null }): Promise<void> {
  await db('audit_events').insert({ ...entry, payload: jsonb(db, entry.payload) }).onConflict('id').ignore();
}

export interface AuditFilters {
  from?: string;
  to?: string;
  action?: string;
  actor?: string;
  target?: string;
}

/** An organization's entries, newest first, filtered as the official list filters them. */
export function listAuditEvents(db: Knex, organizationId: string, filters: AuditFilters, params: ListParams): Promise<Page<AuditEventRow>> {
  const query = db<AuditEventRow>('audit_events')
    .where({ organization_id: organizationId })
    .modify((q) => {
      if (filters.from) q.where('occurred_at', '>=', filters.from);
      if (filters.to) q.where('occurred_at', '<=', filters.to);
      if (filters.action) q.where({ action: filters.action });
      if (filters.actor) q.where({ actor_id: filters.actor });
      if (filters.target) q.where({ target_id: filters.target });
    });
  return paginate<AuditEventRow>(query, params, { order: 'desc' });
}

export const findAuditEvent = (db: Knex, organizationId: string, id: string): Promise<AuditEventRow | undefined> =>
  db<AuditEventRow>('audit_events').where({ organization_id: organizationId, id }).first();

/** Removes up to `batch` entries older than `cutoff`, as the retention job alone may (docs/adr/0095). */
export async function expireAuditEvents(db: Knex, cutoff: Date, batch: number): Promise<number> {
  let removed = 0;
  await db.transaction(async (trx) => {
    await trx.raw("set local audit.retention = 'on'");
    removed = await trx('audit_events').whereIn('seq', trx('audit_events').select('seq').where('occurred_at', '<', cutoff).orderBy('seq').limit(batch)).delete();
  });
  return removed;
}
