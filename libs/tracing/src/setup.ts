import { trace, type Tracer } from '@opentelemetry/api';
import { ConfigError } from '@dp/config';
import type { ReadableSpan, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** One process's tracing (the gateway, a context's api or worker): its tracer, and `stop` flushes what is pending. */
export interface Tracing {
  tracer: Tracer;
  stop(): Promise<void>;
}

/**
 * The tracer of code given none (an app a test builds with `createApp`) and of a process whose tracing is off:
 * the global one, which is OpenTelemetry's no-op tracer until a process turns tracing on; then its spans carry
 * the context on and are never exported.
 */
export const defaultTracer = (): Tracer => trace.getTracer('@dp/tracing');

const collectors: SpanExporter[] = [];
let asyncContextReady = false;

/**
 * Tests: every process started after this call in this Node process (the stack of test/support/stack.ts runs
 * them all in the jest process) also hands its ended spans to `exporter`, e.g. an InMemorySpanExporter.
 */
export function collectSpansIn(exporter: SpanExporter): void {
  collectors.push(exporter);
}

/**
 * The tracing of one process, named after it (`gateway`, `content-api`, `content-worker`). On only where spans go
 * somewhere: `otlpEndpoint` (OTEL_EXPORTER_OTLP_ENDPOINT) is set, or a test collects them; then the W3C trace context
 * travels through HTTP calls, outbox rows and events, and spans are exported (OTLP/HTTP, batched). Off, the tracer
 * is a no-op and no async context is kept: on Node 20 it hooks every promise, a measurable share of a proxied request
 * (docs/benchmark-history.md). One provider per process: `npm start` runs them all in one Node process (docs/adr/0048).
 */
export async function startTracing(serviceName: string, opts: { otlpEndpoint?: string }): Promise<Tracing> {
  if (!opts.otlpEndpoint && collectors.length === 0) return { tracer: defaultTracer(), stop: async () => undefined };
  // The SDK and the exporter load only where tracing is on (a few hundred ms of modules otherwise paid by every process).
  const [{ BatchSpanProcessor, NodeTracerProvider }, { resourceFromAttributes }] = await Promise.all([import('@opentelemetry/sdk-trace-node'), import('@opentelemetry/resources')]);
  useAsyncContext(NodeTracerProvider);
  const spanProcessors: SpanProcessor[] = collectors.map(collectInto);
  if (opts.otlpEndpoint) {
    const url = tracesUrl(opts.otlpEndpoint);
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  const provider = new NodeTracerProvider({ resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }), spanProcessors });
  return { tracer: provider.getTracer('@dp/tracing'), stop: () => provider.shutdown() };
}

/** The OTLP/HTTP traces path under the collector's base URL, as the OpenTelemetry SDKs do with OTEL_EXPORTER_OTLP_ENDPOINT. */
function tracesUrl(endpoint: string): string {
  try {
    return new URL(`${new URL(endpoint).href.replace(/\/+$/, '')}/v1/traces`).href;
  } catch {
    throw new ConfigError([`OTEL_EXPORTER_OTLP_ENDPOINT must be a URL (e.g. http://localhost:4318), got "${endpoint}"`]);
  }
}

/**
 * The AsyncLocalStorage context manager (the current span follows awaits and callbacks) comes with
 * NodeTracerProvider.register(), once per Node process. The provider it registers as global has no processors:
 * spans of `defaultTracer()` propagate the context and are dropped.
 */
function useAsyncContext(Provider: typeof import('@opentelemetry/sdk-trace-node').NodeTracerProvider): void {
  if (asyncContextReady) return;
  asyncContextReady = true;
  new Provider().register({ propagator: null });
}

/** Whether any process of this Node process turned tracing on: until one does, no span could be current anywhere. */
export const tracingOn = (): boolean => asyncContextReady;

/** A test's exporter is shared by every process: one of them stopping must not shut it down for the others. */
function collectInto(exporter: SpanExporter): SpanProcessor {
  return {
    onStart: () => undefined,
    onEnd: (span: ReadableSpan) => exporter.export([span], () => undefined),
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
}
