/** `npx tsx bench/content-run.ts`: the content benchmarks alone (npm run bench runs them with the others). */
import { startStack } from '@dp/local';
import { requireInfrastructure, TEST_AMQP_URL, TEST_DATABASE_URL, uniqueNamespace, apiClient } from '@dp/testing';
import { dropNamespace } from '../test/support/stack';
import { benchContent } from './content';
import { fmt } from './stats';

async function main() {
  await requireInfrastructure();
  const namespace = uniqueNamespace('benchc');
  const stack = await startStack({
    ephemeralPorts: true,
    namespace,
    requireExternal: true,
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, AMQP_URL: TEST_AMQP_URL, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  try {
    const call = apiClient(stack.baseUrl);
    const user = await call('POST', '/v1/admin/users', { token: stack.adminToken, body: { email: `benchc.${Date.now()}@example.com`, displayName: 'Bench' } });
    const org = await call('POST', '/v1/orgs', { token: user.body.token, body: { title: 'Bench content' } });
    const r = await benchContent(stack, { userId: user.body.user.id, orgId: org.body.id }, (l) => console.log(l));
    const row = (name: string, s: { p50: number; p99: number }, target = '') => console.log(`| ${name} | ${fmt(s.p50)} ms | ${fmt(s.p99)} ms | ${target} |`);
    console.log('| Benchmark | p50 | p99 | Target |\n|---|---|---|---|');
    row('Authoring, batch of 50 inserts (0 → 10,000 pages)', r.authoring);
    row('List pages of a 5,000-page revision', r.pageList5000, '< 100 ms');
    row(`Search over 10,000 pages (${r.searchHits} hits)`, r.search10000, 'p99 < 50 ms');
    row('List spaces, first page of 50', r.listFirstPage);
    row(`List spaces, last page of 50 (of ${r.spacesListed})`, r.listLastPage, '≈ first page');
  } finally {
    await stack.stop();
    await dropNamespace(namespace);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
