/**
 * Removal-to-refusal delay (docs/adr/0021): how long after identity answers a member's removal the gateway
 * still lets that member in, with principals cached and evicted by identity's events. The in-process stack on
 * the real PostgreSQL and RabbitMQ, workers on (identity's relay publishes the events); a member is added,
 * makes a request (cached), is removed by an admin, and then asks every `POLL_MS` until refused (404).
 * `npx tsx bench/staleness.ts` alone, or `BENCH_ONLY=staleness npm run bench`.
 */
import { startStack } from '@dp/local';
import { apiClient, requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace } from '@dp/testing';
import { dropNamespace } from '../test/support/stack';
import { nowMs, summarize, type LatencySummary } from './stats';

const POLL_MS = 2;

export async function benchStaleness(removals = Number(process.env.BENCH_STALENESS_REMOVALS ?? 40)): Promise<LatencySummary> {
  await requireInfrastructure();
  const namespace = uniqueNamespace('stale');
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    env: { ...process.env, DB_POOL_MAX: '2', DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  try {
    const call = apiClient(stack.baseUrl);
    const ok = async (status: number, res: Promise<{ status: number; body: unknown }>) => {
      const r = await res;
      if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
      return r.body as Record<string, any>;
    };
    const newUser = async (name: string) => {
      const body = await ok(201, call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: `${name}.${Date.now()}@example.com`, displayName: name } }));
      return { id: body.user.id as string, token: body.token as string, email: body.user.email as string };
    };
    const admin = await newUser('admin');
    const orgId = (await ok(201, call('POST', '/v1/orgs', { token: admin.token, body: { title: 'Staleness' } }))).id as string;
    const delays: number[] = [];
    for (let i = 0; i < removals; i++) {
      const member = await newUser(`member${i}`);
      await ok(200, call('POST', `/v1/orgs/${orgId}/invites`, { token: admin.token, body: { emails: [{ email: member.email, role: 'read' }] } }));
      // Until member.added reaches the gateway the member may not be in yet; then their principal is cached.
      for (let t = 0; (await call('GET', `/v1/orgs/${orgId}/spaces`, { token: member.token })).status !== 200; t++) {
        if (t > 1000) throw new Error('member never let in');
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      await ok(205, call('DELETE', `/v1/orgs/${orgId}/members/${member.id}`, { token: admin.token }));
      const removedAt = nowMs();
      while ((await call('GET', `/v1/orgs/${orgId}/spaces`, { token: member.token })).status !== 404) {
        if (nowMs() - removedAt > 10_000) throw new Error('removed member still let in after 10 s');
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      delays.push(nowMs() - removedAt);
    }
    return summarize(delays);
  } finally {
    await stack.stop();
    await dropNamespace(namespace);
  }
}

if (require.main === module) {
  benchStaleness().then(
    (s) => {
      console.log(`removal-to-refusal over ${s.count} removals: p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(1)} ms`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
