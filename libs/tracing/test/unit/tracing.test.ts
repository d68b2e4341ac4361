import { context, ProxyTracer, ProxyTracerProvider, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { type Tracer, collectSpansIn, contextFrom, currentTraceContext, currentTraceId, inConsumerSpan, inRootSpan, startTracing } from '../../src';

const exporter = new InMemorySpanExporter();
collectSpansIn(exporter);
let tracer: Tracer;
beforeAll(async () => {
  ({ tracer } = await startTracing('propagation-test', {}));
});

const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('W3C trace context', () => {
  test('When a received traceparent and tracestate are made current, Then the same ones go out again', () => {
    const carried = context.with(contextFrom({ traceparent, tracestate: 'vendor=abc' }), currentTraceContext);
    expect(carried).toEqual({ traceparent, tracestate: 'vendor=abc' });
  });

  test('When a span starts under a received context, Then what goes out names its trace and the new span as parent', () => {
    const span = tracer.startSpan('child', {}, contextFrom({ traceparent }));
    const out = context.with(trace.setSpan(context.active(), span), () => ({ ...currentTraceContext(), traceId: currentTraceId() }));
    span.end();
    expect(out.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(out.traceparent).toBe(`00-0af7651916cd43dd8448eb211c80319c-${span.spanContext().spanId}-01`);
  });

  test('When there is no span or a malformed traceparent, Then nothing goes out', () => {
    expect(currentTraceContext()).toEqual({});
    expect(currentTraceId()).toBeUndefined();
    expect(context.with(contextFrom({ traceparent: '00-nothex-b7ad6b7169203331-01' }), currentTraceContext)).toEqual({});
  });

  test('When an event carrying a traceparent is handled, Then its consumer span is a child in the same trace, current while it runs', async () => {
    exporter.reset();
    const seen = await inConsumerSpan(tracer, { id: 'e1', type: 'content.space.deleted', traceparent }, 'sites', async (traceId) => ({ traceId, inside: currentTraceId() }));
    expect(seen).toEqual({ traceId: '0af7651916cd43dd8448eb211c80319c', inside: '0af7651916cd43dd8448eb211c80319c' });
    const [span] = exporter.getFinishedSpans();
    expect(span.name).toBe('process content.space.deleted');
    expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
  });

  test('When the handler throws, Then the consumer span ends as an error and the error goes on', async () => {
    exporter.reset();
    await expect(inConsumerSpan(tracer, { id: 'e2', type: 't' }, 'q', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [span] = exporter.getFinishedSpans();
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.parentSpanContext).toBeUndefined();
  });

  test('When a scheduled job runs inside some span, Then its span starts a trace of its own, current while it runs', async () => {
    exporter.reset();
    const inside = await context.with(contextFrom({ traceparent }), () => inRootSpan(tracer, 'job purge', async () => currentTraceId()));
    const [span] = exporter.getFinishedSpans();
    expect(span.name).toBe('job purge');
    expect(span.parentSpanContext).toBeUndefined();
    expect(inside).toBe(span.spanContext().traceId);
    expect(inside).not.toBe('0af7651916cd43dd8448eb211c80319c');
  });
});

test('When no tracing was started and the event carries no trace context, Then the handler runs with no trace id (not a zero one)', async () => {
  // A tracer with nothing behind it, as the API gives before any provider is registered.
  const noop = new ProxyTracer(new ProxyTracerProvider(), 'none');
  expect(await inConsumerSpan(noop, { id: 'e3', type: 't' }, 'q', async (traceId) => traceId)).toBeUndefined();
  expect(await inConsumerSpan(noop, { id: 'e4', type: 't', traceparent }, 'q', async (traceId) => traceId)).toBe('0af7651916cd43dd8448eb211c80319c');
});
