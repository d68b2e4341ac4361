import { isSpanContextValid, SpanKind, SpanStatusCode, type Span, type Tracer } from '@opentelemetry/api';
import { contextFrom, type TraceContext } from './propagation';
import { tracingOn } from './setup';

/** What a consumer span needs of an event: its id, type and the distributed-tracing extension attributes. */
export interface TracedEvent extends TraceContext {
  id: string;
  type: string;
}

/**
 * Runs the handling of one delivered event inside a consumer span `process <type>`, child of the span that wrote
 * the event to its outbox: the request's trace goes on across the bus, and what the handler emits continues it.
 * `run` gets the trace id for its log lines (none when no tracing was started in this process and the event carried none).
 */
export function inConsumerSpan<T>(tracer: Tracer, event: TracedEvent, queue: string, run: (traceId: string | undefined) => Promise<T>): Promise<T> {
  if (!tracingOn()) return run(undefined);
  const parent = contextFrom({ traceparent: event.traceparent, tracestate: event.tracestate });
  const attributes = { 'messaging.operation.type': 'process', 'messaging.destination.name': queue, 'messaging.message.id': event.id };
  return tracer.startActiveSpan(`process ${event.type}`, { kind: SpanKind.CONSUMER, attributes }, parent, (span) => ended(span, () => run(traceIdOf(span))));
}

/** Runs `run` in a span of its own, a root (a scheduled job's run): what it emits and calls is traced under it. */
export function inRootSpan<T>(tracer: Tracer, name: string, run: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, root: true }, (span) => ended(span, run));
}

const traceIdOf = (span: Span) => (isSpanContextValid(span.spanContext()) ? span.spanContext().traceId : undefined);

/** Awaits `run`, then ends `span`: as an error, with the exception, when it failed (the failure goes on). */
async function ended<T>(span: Span, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}
