import { context, defaultTextMapGetter, defaultTextMapSetter, isSpanContextValid, ROOT_CONTEXT, trace, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * A W3C trace context as it travels: the `traceparent` and `tracestate` HTTP headers, the outbox row's columns of
 * the same names, and the CloudEvents distributed-tracing extension attributes, which are named alike.
 */
export interface TraceContext {
  traceparent?: string;
  tracestate?: string;
}

// Used directly rather than registered as the global propagator: no other code of this process is surprised by it.
const w3c = new W3CTraceContextPropagator();

/** The current span's trace context (empty outside any span): for an outgoing request's headers or an outbox row. */
export function currentTraceContext(): TraceContext {
  const carrier: Record<string, string> = {};
  w3c.inject(context.active(), carrier, defaultTextMapSetter);
  return { ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}), ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) };
}

/** The context a received trace context (request headers, an event's attributes) continues; the root context when it has none or a malformed one. */
export function contextFrom(carrier: TraceContext | Record<string, string | string[] | undefined>): Context {
  return w3c.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
}

/** The current trace's id, for log lines; undefined outside any span. */
export function currentTraceId(): string | undefined {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? span.traceId : undefined;
}
