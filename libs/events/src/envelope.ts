import { randomUUID } from 'node:crypto';
import type { CloudEventActor } from './actor';

/** CloudEvents 1.0 structured envelope; the AMQP routing key is `type`; the actor's extension attributes (./actor.ts). */
export interface CloudEvent<T = unknown> extends CloudEventActor {
  specversion: '1.0';
  id: string;
  source: string;
  type: string;
  time: string;
  subject?: string;
  datacontenttype: 'application/json';
  data: T;
  /**
   * CloudEvents distributed-tracing extension: the W3C trace context the event was emitted in, taken from its
   * outbox row when it is published; a consumer's span continues that trace (docs/adr/0048).
   */
  traceparent?: string;
  tracestate?: string;
}

export function isCloudEvent(value: unknown): value is CloudEvent {
  const v = value as Partial<CloudEvent>;
  return !!v && v.specversion === '1.0' && typeof v.id === 'string' && typeof v.type === 'string' && typeof v.source === 'string';
}

/** The envelope a message's body holds, or undefined when it is not JSON or not a CloudEvents 1.0 envelope. */
export function parseCloudEvent(body: Buffer): CloudEvent | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString());
    return isCloudEvent(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function envelope<T>(type: string, data: T, opts: { source: string; subject?: string }): CloudEvent<T> {
  return {
    specversion: '1.0',
    id: randomUUID(),
    source: opts.source,
    type,
    time: new Date().toISOString(),
    ...(opts.subject ? { subject: opts.subject } : {}),
    datacontenttype: 'application/json',
    data,
  };
}
