import { eventCatalog, isEventType } from '@dp/events';
import type { Links } from '@dp/http';
import type { AuditEventRow } from '../data/audit-events';
import { isAudited } from '../domain/audit';

/** The official AuditEvent. */
export function presentAuditEvent(row: AuditEventRow, links: Links) {
  return {
    object: 'audit-event' as const,
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    action: row.action,
    actor: { type: row.actor_type, id: row.actor_id, ...(row.actor_label ? { label: row.actor_label } : {}) },
    source: row.source,
    target: { type: row.target_type, id: row.target_id, ...(row.target_label ? { label: row.target_label } : {}) },
    urls: { location: links.api(`/orgs/${row.organization_id}/audit-events/${row.id}`) },
  };
}

/** The official AuditEventDetails: the event, with its correlation, cause and allowlisted payload. */
export function presentAuditEventDetails(row: AuditEventRow, links: Links) {
  return {
    ...presentAuditEvent(row, links),
    executionId: row.id,
    ...(row.correlation_id ? { correlationId: row.correlation_id } : {}),
    ...(row.caused_by ? { causedByEventId: row.caused_by } : {}),
    schemaVersion: 1,
    payload: row.payload,
  };
}

/** The official AuditEventAction list: every event type of the catalog, labelled by its description. */
export const presentAuditActions = () => ({
  items: Object.keys(eventCatalog)
    .filter(isEventType)
    .filter(isAudited)
    .map((type) => ({ object: 'audit-event-action' as const, id: type, label: eventCatalog[type].description })),
});
