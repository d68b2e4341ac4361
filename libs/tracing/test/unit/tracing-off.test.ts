import { context, trace } from '@opentelemetry/api';
import { contextFrom, currentTraceContext, startTracing } from '../../src';

// Its own file: no test here collects spans, as in a process without OTEL_EXPORTER_OTLP_ENDPOINT.
test('When no OTLP endpoint is set and nothing collects spans, Then tracing is off: spans do not record and no trace context is kept or passed on', async () => {
  const { tracer, stop } = await startTracing('tracing-off-test', {});
  const received = contextFrom({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
  const span = tracer.startSpan('GET /v1/spaces/:spaceId', {}, received);
  expect(span.isRecording()).toBe(false);
  // No async context manager: inside the span's context, nothing is current, so nothing goes out on an outgoing call or outbox row.
  const inside = context.with(trace.setSpan(received, span), () => currentTraceContext());
  expect(inside).toEqual({});
  span.end();
  await stop();
});
