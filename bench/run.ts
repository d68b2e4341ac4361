/**
 * `npm run bench`: gateway overhead, outbox relay throughput and commit-to-consumer latency on the real
 * PostgreSQL and RabbitMQ, in a namespace of its own that is removed at the end. Informative: exits 0 with
 * PASS/FAIL per target in bench/results.md; exits 1 only when something crashes.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@dp/log';
import { TEST_AMQP_URL } from '@dp/testing';
import { benchGateway } from './gateway';
import { benchLatency } from './latency';
import { benchRelay } from './relay';
import { renderMarkdown, type BenchResults } from './report';
import { bootFixture, dropAll } from './stack';
import { nowMs } from './stats';

const HARD_LIMIT_MS = 170_000;
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/** The defaults; BENCH_* variables override them for experiments. */
const config = {
  http: {
    overallRate: num('BENCH_HTTP_RATE', 500),
    connections: num('BENCH_HTTP_CONNECTIONS', 10),
    durationS: num('BENCH_HTTP_SECONDS', 10),
    warmupS: 2,
    unloadedS: num('BENCH_UNLOADED_SECONDS', 4),
    unloadedRate: 100,
  },
  relayEvents: num('BENCH_RELAY_EVENTS', 20_000),
  latency: { ratePerSecond: num('BENCH_LATENCY_RATE', 200), durationS: num('BENCH_LATENCY_SECONDS', 10), warmupS: 1 },
};

async function main(): Promise<boolean> {
  const started = nowMs();
  const results: BenchResults = { startedAt: new Date(), seconds: 0, loadAverageAtStart: os.loadavg(), failures: {} };
  const log = createLogger('bench', process.env.LOG_LEVEL ?? 'warn');
  let crashed = false;
  const step = async <T>(name: string, fn: () => Promise<T>): Promise<T | undefined> => {
    const t0 = nowMs();
    console.log(`[bench] ${name}...`);
    try {
      const value = await fn();
      console.log(`[bench] ${name} done in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
      return value;
    } catch (err) {
      crashed = true;
      results.failures[name] = (err as Error).message;
      console.error(`[bench] ${name} failed:`, err);
      return undefined;
    }
  };

  const fx = await step('boot', bootFixture);
  if (!fx) throw new Error(`could not boot the stack: ${results.failures.boot}`);
  const ns = fx.namespace;
  console.log(`[bench] namespace ${ns}`);
  try {
    results.gateway = await step('gateway', () => benchGateway(fx, config.http));
    const infra = { databaseUrl: fx.stack.databaseUrl, amqpUrl: TEST_AMQP_URL, namespace: ns, log };
    results.relay = await step('relay', () => benchRelay({ ...infra, events: config.relayEvents, timeoutMs: 30_000 }));
    results.latency = await step('latency', () => benchLatency({ ...infra, ...config.latency }));
  } finally {
    await step('cleanup', async () => {
      await fx.stack.stop();
      await dropAll(ns);
    });
  }

  results.seconds = (nowMs() - started) / 1000;
  const markdown = renderMarkdown(results);
  const file = path.join(__dirname, 'results.md');
  writeFileSync(file, markdown);
  console.log(`\n${markdown}\nwritten to ${path.relative(process.cwd(), file)}`);
  return !crashed;
}

const watchdog = setTimeout(() => {
  console.error(`[bench] still running after ${HARD_LIMIT_MS / 1000} s; giving up`);
  process.exit(1);
}, HARD_LIMIT_MS);
watchdog.unref();

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error('[bench] crashed:', err);
    process.exit(1);
  },
);
