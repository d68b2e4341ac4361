import { metricValue } from '@dp/testing';
import { observeRequest, registry, timePublish, watchDeadLetters, watchOutbox } from '@dp/metrics';

describe('the registry', () => {
  it('When a request is observed, Then its counter and duration are under its process, method, route and status', async () => {
    observeRequest({ process: 'unit-api', method: 'GET', route: '/v1/spaces/:spaceId', status: 200, seconds: 0.02 });
    observeRequest({ process: 'unit-api', method: 'GET', route: '/v1/spaces/:spaceId', status: 404, seconds: 0.01 });
    const text = await registry.metrics();
    expect(metricValue(text, 'dp_http_requests_total', { process: 'unit-api', route: '/v1/spaces/:spaceId', status: '200' })).toBe(1);
    expect(metricValue(text, 'dp_http_requests_total', { process: 'unit-api', route: '/v1/spaces/:spaceId' })).toBe(2);
    expect(metricValue(text, 'dp_http_request_duration_seconds_bucket', { process: 'unit-api', route: '/v1/spaces/:spaceId', le: '0.01' })).toBe(1);
  });

  it('When a relay batch fails, Then it counts a failure and no publish', async () => {
    timePublish('unit_schema')({ published: 3 });
    timePublish('unit_schema')({ failed: true });
    const text = await registry.metrics();
    expect(metricValue(text, 'dp_relay_published_total', { schema: 'unit_schema' })).toBe(3);
    expect(metricValue(text, 'dp_relay_publish_failures_total', { schema: 'unit_schema' })).toBe(1);
    expect(metricValue(text, 'dp_relay_confirm_duration_seconds_count', { schema: 'unit_schema' })).toBe(1);
  });
});

describe('scrape-time gauges', () => {
  it('When the outbox is read at a scrape, Then one read gives both the backlog and the age of its oldest row', async () => {
    let reads = 0;
    const off = watchOutbox('unit_outbox', async () => {
      reads++;
      return { unpublished: 4, oldestAt: new Date(Date.now() - 120_000) };
    });
    const text = await registry.metrics();
    off();
    expect(metricValue(text, 'dp_outbox_backlog', { schema: 'unit_outbox' })).toBe(4);
    expect(metricValue(text, 'dp_outbox_oldest_age_seconds', { schema: 'unit_outbox' })).toBeGreaterThanOrEqual(119);
    expect(reads).toBe(1);
    // Unregistered (the worker stopped): the series goes.
    expect(metricValue(await registry.metrics(), 'dp_outbox_backlog', { schema: 'unit_outbox' })).toBeUndefined();
  });

  it('When a source cannot answer (broker down), Then its series is left out and the scrape still succeeds', async () => {
    const offDown = watchDeadLetters('unit.down', async () => {
      throw new Error('message broker is not reachable');
    });
    const offUp = watchDeadLetters('unit.up', async () => 2);
    const text = await registry.metrics();
    offDown();
    offUp();
    expect(metricValue(text, 'dp_dlq_depth', { queue: 'unit.down' })).toBeUndefined();
    expect(metricValue(text, 'dp_dlq_depth', { queue: 'unit.up' })).toBe(2);
  });

  it('When the outbox is empty, Then the oldest age is 0 (an alert on age never fires on a drained outbox)', async () => {
    const off = watchOutbox('unit_empty', async () => ({ unpublished: 0, oldestAt: null }));
    const text = await registry.metrics();
    off();
    expect(metricValue(text, 'dp_outbox_oldest_age_seconds', { schema: 'unit_empty' })).toBe(0);
  });
});

describe('metricValue', () => {
  it('When labels hold escaped quotes, Then they are matched unescaped', () => {
    const text = '# HELP x y\nx_total{a="say \\"hi\\"",b="2"} 5\nx_total{a="other"} 1\n';
    expect(metricValue(text, 'x_total', { a: 'say "hi"' })).toBe(5);
    expect(metricValue(text, 'x_total')).toBe(6);
    expect(metricValue(text, 'y_total')).toBeUndefined();
  });
});
