import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { ContentEvents, SitesEvents } from '@dp/events';
import { collectSpansIn } from '@dp/tracing';
import { eventually } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * One trace across the bus (docs/adr/0048): a space deleted through the gateway is a gateway span, the content
 * api's span under it, the outbox row written in that span, content.space.deleted carrying it through the real
 * RabbitMQ, and the sites worker's consumer span under the content api's; the events sites emits while handling
 * it continue the same trace. Every process of the stack runs in this jest process, so one exporter sees them all.
 */
const spans = new InMemorySpanExporter();
collectSpansIn(spans);

let stack: TestStack;
let owner: { token: string };
let orgId: string;

const service = (span: ReadableSpan) => span.resource.attributes['service.name'];
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const newSpace = async (title: string) => {
  const res = await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
/** The server span of `process` that `match` picks, once it has ended (a span ends when its response is closed, just after the client has it). */
const serverSpan = (process: string, match: (span: ReadableSpan) => boolean) =>
  eventually(() => spans.getFinishedSpans().find((s) => service(s) === process && s.kind === SpanKind.SERVER && match(s)), 5_000, 20);

beforeAll(async () => {
  stack = await bootStack('trc');
  owner = await stack.newUser('tracer');
  orgId = (await stack.newOrg(owner.token, 'Traced Inc')).id;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('a trace follows a request across the bus', () => {
  test('When a space in a site is deleted through the gateway, Then the sites consumer span is in the request trace, under the content api span, under the gateway span', async () => {
    const spaceId = await newSpace('Traced guide');
    const site = await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title: 'Traced site', spaces: [spaceId] } });
    expect(site.status).toBe(201);

    expect((await stack.call('DELETE', `/v1/spaces/${spaceId}`, { token: owner.token })).status).toBe(205);

    // The service names its span by its route pattern, the gateway by the family of the path it proxies; no URL is kept.
    const content = await serverSpan('content-api', (s) => s.name === 'DELETE /v1/spaces/:spaceId');
    const gateway = await serverSpan('gateway', (s) => s.spanContext().spanId === parentOf(content));
    expect(gateway.name).toMatch(/^DELETE \/v1\/spaces/);
    expect(parentOf(gateway)).toBeUndefined();
    expect(content.spanContext().traceId).toBe(gateway.spanContext().traceId);
    expect(content.attributes).toEqual({ 'http.request.method': 'DELETE', 'http.route': '/v1/spaces/:spaceId', 'http.response.status_code': 205 });

    // The outbox row keeps the context it was written in: the content api's request span.
    const { traceId, spanId } = content.spanContext();
    const row = await stack.schemaDb('content').from('outbox').where({ type: ContentEvents.SPACE_DELETED }).whereRaw(`event->>'subject' = ?`, [spaceId]).first();
    expect(row.traceparent).toBe(`00-${traceId}-${spanId}-01`);

    const consumer = await eventually(
      () => spans.getFinishedSpans().find((s) => service(s) === 'sites-worker' && s.name === `process ${ContentEvents.SPACE_DELETED}` && s.spanContext().traceId === traceId),
      15_000,
      100,
    );
    expect(consumer.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(consumer)).toBe(spanId);
    expect(consumer.attributes['messaging.message.id']).toBe(row.id);

    // What sites emitted while handling it goes on in the same trace, under the consumer span.
    const emitted = await stack.schemaDb('sites').from('outbox').whereIn('type', [SitesEvents.SITE_SPACE_DELETED, SitesEvents.SITE_UPDATED]).whereRaw(`event->'data'->>'siteId' = ?`, [site.body.id]);
    expect(emitted.map((r: { type: string }) => r.type).sort()).toEqual([SitesEvents.SITE_SPACE_DELETED, SitesEvents.SITE_UPDATED].sort());
    for (const r of emitted) expect(r.traceparent).toBe(`00-${traceId}-${consumer.spanContext().spanId}-01`);
  }, 30_000);

  test("When a client sends its own traceparent, Then the gateway's span continues the client's trace and the service's span is under the gateway's", async () => {
    const clientTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await stack.call('GET', `/v1/orgs/${orgId}/spaces`, { token: owner.token, headers: { traceparent: `00-${clientTrace}-00f067aa0ba902b7-01` } });
    expect(res.status).toBe(200);

    const inClientTrace = (s: ReadableSpan) => s.spanContext().traceId === clientTrace;
    const gateway = await serverSpan('gateway', inClientTrace);
    const content = await serverSpan('content-api', inClientTrace);
    expect(parentOf(gateway)).toBe('00f067aa0ba902b7');
    expect(parentOf(content)).toBe(gateway.spanContext().spanId);
    expect(content.name).toBe('GET /v1/orgs/:organizationId/spaces');
  });

  test("When a reader opens a published page, Then the publisher's span continues the reader's trace and the content api's spans for what it fetched are under it", async () => {
    const spaceId = await newSpace('Traced handbook');
    const cr = await stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: owner.token, body: { subject: 'Content' } });
    const changes = [{ operation: 'insert_page', title: 'Welcome', document: { markdown: 'Traced words.' } }];
    expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content?compat=false`, { token: owner.token, body: { changes } })).status).toBe(200);
    expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`, { token: owner.token })).status).toBe(200);
    const site = await stack.call('POST', `/v1/orgs/${orgId}/sites`, { token: owner.token, body: { title: 'Traced handbook site', spaces: [spaceId] } });
    const published = await stack.call('POST', `/v1/orgs/${orgId}/sites/${site.body.id}/publish`, { token: owner.token });
    expect(published.status).toBe(200);

    // A CDN or browser instrumentation in front of the publisher may start the trace.
    const readerTrace = 'a3ce929d0e0e47364bf92f3577b34da6';
    const page = await fetch(published.body.urls.published, { headers: { traceparent: `00-${readerTrace}-b7ad6b7169203331-01` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Traced words.');

    const inReaderTrace = (s: ReadableSpan) => s.spanContext().traceId === readerTrace;
    const publisher = await serverSpan('sites-publisher', inReaderTrace);
    expect(parentOf(publisher)).toBe('b7ad6b7169203331');
    expect(publisher.name).toBe('GET /*page'); // its catch-all route, named by what was asked, never by the URL
    const fetched = await serverSpan('content-api', (s) => inReaderTrace(s) && parentOf(s) === publisher.spanContext().spanId);
    expect(fetched.attributes['http.response.status_code']).toBe(200);
  });
});
