import type { CloudEvent } from '@dp/events';

/**
 * What an event on the bus records in its organization's audit log (docs/adr/0095). Pure: the action is the
 * event's type, the actor and source its extension attributes (a request's caller, else the system), the target
 * the object it is about, the correlation its request's id (else its trace: every effect of one request shares it), and the payload the
 * allowlisted scalars of its data: ids, titles, roles, states, never a token, an email, a secret or a body.
 */
export interface AuditEntry {
  id: string;
  organization_id: string;
  occurred_at: Date;
  action: string;
  actor_type: string;
  actor_id: string;
  source: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  correlation_id: string | null;
  caused_by: string | null;
  payload: Record<string, string | number | boolean | string[]>;
}

/** Events that are not a change of an organization's state: the gateway's heartbeat. */
const NOT_CHANGES = new Set(['gateway.replica.alive']);
/** Whether events of `type` are changes the audit log records (and so an action of it). */
export const isAudited = (type: string): boolean => !NOT_CHANGES.has(type);
/** Data fields a payload may keep (besides any `...Id`): what says what changed, never what is secret or personal. */
const PAYLOAD_FIELDS = new Set(['title', 'visibility', 'role', 'changed', 'status', 'slug', 'name', 'path', 'number', 'kind', 'language', 'published', 'hostname', 'level']);
const MAX_PAYLOAD_TEXT = 200;

type Data = Record<string, unknown>;
const isData = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The organization an event belongs to: its `organizationId`, or that of the space or collection it carries. */
function organizationOf(data: Data): string | undefined {
  return text(data.organizationId) ?? (isData(data.space) ? text(data.space.organization) : undefined) ?? (isData(data.collection) ? text(data.collection.organization) : undefined);
}

/** `content.change-request.merged` → `change-request`: the kind of object the event is about. */
export const targetTypeOf = (type: string): string => type.split('.')[1] ?? type;

function payloadOf(data: Data): AuditEntry['payload'] {
  const payload: AuditEntry['payload'] = {};
  for (const [key, value] of Object.entries(data)) {
    if (!PAYLOAD_FIELDS.has(key) && !/Id$/.test(key)) continue;
    if (typeof value === 'string') payload[key] = value.slice(0, MAX_PAYLOAD_TEXT);
    else if (typeof value === 'number' || typeof value === 'boolean') payload[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) payload[key] = value.slice(0, 20).map((v) => v.slice(0, MAX_PAYLOAD_TEXT));
  }
  return payload;
}

/** The trace id of a W3C `traceparent` (`00-<trace>-<span>-<flags>`). */
const traceOf = (traceparent: string | undefined) => (traceparent && /^[0-9a-f]{2}-([0-9a-f]{32})-/.exec(traceparent)?.[1]) || null;

/** The entry an event records, or undefined: not a change, or of no organization (a user's own account). */
export function auditEntryOf(event: CloudEvent): AuditEntry | undefined {
  if (!isAudited(event.type) || !isData(event.data)) return undefined;
  const data = event.data;
  const organizationId = organizationOf(data);
  if (!organizationId) return undefined;
  const object = isData(data.space) ? data.space : isData(data.collection) ? data.collection : data;
  const targetType = targetTypeOf(event.type);
  const targetKey = `${targetType.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Id`;
  const targetId = text(object.id) ?? text(data[targetKey]) ?? event.subject ?? organizationId;
  return {
    id: event.id,
    organization_id: organizationId,
    occurred_at: new Date(event.time),
    action: event.type,
    actor_type: event.actortype ?? 'system',
    actor_id: event.actorid ?? event.source.replace(/^\//, ''),
    source: event.actorsource ?? 'workflow',
    target_type: targetType,
    target_id: targetId,
    target_label: text(object.title) ?? text(data.title) ?? null,
    correlation_id: event.correlationid ?? traceOf(event.traceparent),
    caused_by: event.causedby ?? null,
    payload: payloadOf(isData(data.space) ? { ...data, ...data.space } : isData(data.collection) ? { ...data, ...data.collection } : data),
  };
}
