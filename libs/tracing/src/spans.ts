import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { contextFrom, type TraceContext } from './propagation';

/** What a consumer span needs of an event: its id, type and the distributed-tracing extension attributes. */
export interface TracedEvent extends TraceContext {
  id: string;
  type: string;
}

/**
 * Runs the handling of one delivered event inside a consumer span `process <type>`, child of the span that wrote
 * the event to its outbox: the request's trace goes on across the bus, and what the handler emits continues it.
 * `run` gets the trace id for its log lines.
 */
export function inConsumerSpan<T>(tracer: Tracer, event: TracedEvent, queue: string, run: (traceId: string) => Promise<T>): Promise<T> {
  const parent = contextFrom({ traceparent: event.traceparent, tracestate: event.tracestate });
  const attributes = { 'messaging.operation.type': 'process', 'messaging.destination.name': queue, 'messaging.message.id': event.id };
  return tracer.startActiveSpan(`process ${event.type}`, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      return await run(span.spanContext().traceId);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw err;
    } finally {
      span.end();
    }
  });
}
