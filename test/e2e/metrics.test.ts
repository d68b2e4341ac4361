import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { eventually, metricValue, scrape, TEST_AMQP_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * The stack's Prometheus endpoint (docs/adr/0047), scraped after real traffic: the gateway's and the
 * services' request counters by route pattern, the consumer's handled events, the relay, the outbox, a
 * dead-letter queue and the pools. It is on a port of its own: neither the gateway nor an api port serves it.
 */
let stack: TestStack;
let metricsUrl: string;
const ns = () => stack.namespace;

beforeAll(async () => {
  stack = await bootStack('metrics');
  metricsUrl = stack.metricsUrl!;
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

describe('GET /metrics of the stack', () => {
  it('When a user is created through the gateway, Then the gateway and identity count it by route pattern, and content handles its event', async () => {
    const user = await stack.newUser('metered');
    await stack.newOrg(user.token, 'Metered');

    const text = await eventually(async () => {
      const t = await scrape(metricsUrl);
      return (metricValue(t, 'dp_event_handling_duration_seconds_count', { queue: `${ns()}content`, type: 'identity.user.created', outcome: 'handled' }) ?? 0) >= 1 && t;
    }, 15_000);
    // identity's own route pattern; the gateway's family of the proxied path (it does not know identity's routes).
    expect(metricValue(text, 'dp_http_requests_total', { process: 'identity-api', method: 'POST', route: '/v1/admin/users', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_http_requests_total', { process: 'gateway', method: 'POST', route: '/v1/admin/*', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_http_requests_total', { process: 'identity-api', route: '/v1/orgs' })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_http_request_duration_seconds_count', { process: 'identity-api', method: 'POST', route: '/v1/admin/users' })).toBeGreaterThanOrEqual(1);
    // No series carries a raw path: ids never become labels.
    expect(text).not.toMatch(/route="[^"]*\/v1\/orgs\/[A-Za-z0-9]{20}/);
    expect(metricValue(text, 'dp_relay_published_total', { schema: `${ns()}identity` })).toBeGreaterThanOrEqual(1);
    expect(metricValue(text, 'dp_relay_confirm_duration_seconds_count', { schema: `${ns()}identity` })).toBeGreaterThanOrEqual(1);
    // Default process metrics are there too.
    expect(metricValue(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it("When the pools are scraped, Then each api reports its pool's use and its DB_POOL_MAX", async () => {
    const text = await scrape(metricsUrl);
    expect(metricValue(text, 'dp_db_pool_max_connections', { process: 'content-api' })).toBe(Number(stack.envOf('content').DB_POOL_MAX));
    for (const state of ['used', 'free', 'pending']) expect(metricValue(text, 'dp_db_pool_connections', { process: 'content-api', state })).toBeGreaterThanOrEqual(0);
    // Under one process the workers share their api's pool (one pool per context): reported once, by the api.
    expect(metricValue(text, 'dp_db_pool_max_connections', { process: 'content-worker' })).toBeUndefined();
  });

  it('When an outbox holds a row no relay publishes, Then the backlog and the age of its oldest row show it', async () => {
    await stack.workers.translations.relay.stop();
    const outbox = () => stack.schemaDb('translations')('outbox');
    const id = randomUUID();
    const event = { specversion: '1.0', id, source: 'test', type: 'test.metrics.stuck', time: new Date().toISOString(), data: {} };
    await outbox().insert({ id, type: event.type, event: JSON.stringify(event), created_at: stack.schemaDb('translations').raw(`now() - interval '90 seconds'`) });

    const text = await scrape(metricsUrl);
    expect(metricValue(text, 'dp_outbox_backlog', { schema: `${ns()}translations` })).toBe(1);
    expect(metricValue(text, 'dp_outbox_oldest_age_seconds', { schema: `${ns()}translations` })).toBeGreaterThanOrEqual(89);
    expect(metricValue(text, 'dp_outbox_backlog', { schema: `${ns()}content` })).toBeGreaterThanOrEqual(0);
    await outbox().where({ id }).delete();
  });

  it('When a message that is not an event reaches a queue, Then it is parked and the dead-letter depth counts it', async () => {
    const queue = `${ns()}content`;
    const before = metricValue(await scrape(metricsUrl), 'dp_dlq_depth', { queue });
    expect(before).toBe(0);
    const conn = await amqp.connect(TEST_AMQP_URL);
    try {
      const ch = await conn.createConfirmChannel();
      ch.sendToQueue(queue, Buffer.from('not an event'), { persistent: true });
      await ch.waitForConfirms();
    } finally {
      await conn.close();
    }
    const text = await eventually(async () => {
      const t = await scrape(metricsUrl);
      // The broker may show the parked copy before the consumer has its confirm (and counts it): both are awaited.
      return metricValue(t, 'dp_dlq_depth', { queue }) === 1 && metricValue(t, 'dp_events_dead_lettered_total', { queue }) === 1 && t;
    }, 10_000);
    expect(metricValue(text, 'dp_dlq_depth', { queue })).toBe(1);
  });
});

describe('where metrics are not', () => {
  it('When /metrics is asked of the gateway or of an api port, Then neither answers with metrics', async () => {
    const user = await stack.newUser('prober');
    for (const url of [`${stack.baseUrl}/metrics`, `${stack.baseUrl}/v1/metrics`, `${stack.apis.content.url}/metrics`, `${stack.publisher.url}/metrics`]) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${user.token}` } });
      expect([401, 404]).toContain(res.status);
      expect(await res.text()).not.toContain('dp_http_requests_total');
    }
    // The endpoint itself answers /metrics alone.
    expect((await fetch(metricsUrl.replace(/\/metrics$/, '/v1/orgs'))).status).toBe(404);
  });
});
