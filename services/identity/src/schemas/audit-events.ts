import { idParam, listQuery } from '@dp/http';

export { organizationParams } from './organizations';

/** The official listOrganizationAuditEvents filters: a time range, and an exact action, actor or target. */
export const auditEventsQuery = listQuery({
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
  action: { type: 'string', minLength: 1, maxLength: 100 },
  actor: { type: 'string', minLength: 1, maxLength: 200 },
  target: { type: 'string', minLength: 1, maxLength: 200 },
});

/** An audit event's id is the uuid of the event it records. */
export const auditEventParams = {
  type: 'object',
  properties: { organizationId: idParam, auditEventId: { type: 'string', format: 'uuid' } },
  required: ['organizationId', 'auditEventId'],
} as const;
