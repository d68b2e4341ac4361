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
import { machineBusyOver } from './cpu';
import { startDeployed, type Deployed } from './deployed';
import { benchGateway } from './gateway';
import { benchConsumer } from './consumer';
import { benchLatency } from './latency';
import { runContentBench } from './content';
import { benchRelay } from './relay';
import { benchStaleness } from './staleness';
import { benchThroughput } from './throughput';
import { benchPublishedPage } from './published';
import { renderMarkdown, type BenchResults } from './report';
import { runScaleBench } from './scale';
import { bootFixture, dropAll } from './stack';
import { nowMs } from './stats';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
/** The whole run gives up past this (`BENCH_HARD_LIMIT_S`; a backlog of 1,000,000 events takes about half an hour here). */
const HARD_LIMIT_MS = num('BENCH_HARD_LIMIT_S', 420) * 1000;
/** `npm run bench -- scale`: the growth benchmark alone (./scale.ts), which builds 100x sizes and takes longer. */
const SCALE = process.argv[2] === 'scale';
/** `BENCH_ONLY=gateway,content`: run only these parts (gateway, throughput, relay, consumer, latency, content, staleness, published); all when unset. */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const wanted = (part: 'gateway' | 'throughput' | 'relay' | 'consumer' | 'latency' | 'content' | 'staleness' | 'published') => only.size === 0 || only.has(part);

/** The defaults; BENCH_* variables override them for experiments. */
const config = {
  http: {
    // 2 cores shared by the load generator, gateway, identity, content and PostgreSQL: at 200 req/s the
    // gateway path keeps the machine about 55 % busy (some 5 ms of CPU per request over all processes),
    // below saturation, so latency measures the work and not a queue; 500 req/s would not fit.
    rate: num('BENCH_HTTP_RATE', 200),
    durationS: num('BENCH_HTTP_SECONDS', 10),
    warmupS: num('BENCH_HTTP_WARMUP_SECONDS', 1),
    rounds: num('BENCH_HTTP_ROUNDS', 5),
    primeS: 3,
    maxOthersBusy: 0.1,
    maxAttempts: num('BENCH_HTTP_ATTEMPTS', 3),
    unloadedS: num('BENCH_UNLOADED_SECONDS', 4),
    // 20 ms apart: each request is alone in the system (max in flight is reported).
    unloadedRate: num('BENCH_UNLOADED_RATE', 50),
  },
  deploy: {
    basePort: num('BENCH_BASE_PORT', 28080),
    logLevel: process.env.BENCH_SERVICE_LOG_LEVEL ?? 'info',
    cpuProfDir: process.env.BENCH_CPU_PROF_DIR ? path.resolve(process.env.BENCH_CPU_PROF_DIR) : undefined,
    logDir: process.env.BENCH_PROCESS_LOG_DIR ? path.resolve(process.env.BENCH_PROCESS_LOG_DIR) : undefined,
    nodeFlags: process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean) : [],
  },
  /** Wait (up to this long) for the machine to be quiet before starting: others' jest runs skew everything. */
  quiet: { maxWaitS: num('BENCH_QUIET_WAIT_SECONDS', 60), busyBelow: 0.15 },
  /** Closed loop at 20 connections: full path, bare node:http floor and two Express hops, 5 rotated rounds of 3 s. */
  throughput: {
    connections: num('BENCH_THROUGHPUT_CONNECTIONS', 20),
    roundS: num('BENCH_THROUGHPUT_ROUND_SECONDS', 3),
    warmupS: num('BENCH_THROUGHPUT_WARMUP_SECONDS', 1),
    rounds: num('BENCH_THROUGHPUT_ROUNDS', 5),
  },
  relayEvents: num('BENCH_RELAY_EVENTS', 20_000),
  consumerEvents: num('BENCH_CONSUMER_EVENTS', 5_000),
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

  const quiet = await step('wait for a quiet machine', async () => {
    const t0 = nowMs();
    for (;;) {
      const busy = await machineBusyOver(2000);
      const waitedS = (nowMs() - t0) / 1000;
      if (busy < config.quiet.busyBelow || waitedS >= config.quiet.maxWaitS) return { busy, waitedS };
      console.log(`[bench] machine ${(busy * 100).toFixed(0)} % busy (others at work?); waiting`);
    }
  });
  results.quietCheck = quiet;
  results.loadAverageAtStart = os.loadavg();

  const fx = await step('boot', bootFixture);
  if (!fx) throw new Error(`could not boot the stack: ${results.failures.boot}`);
  const ns = fx.namespace;
  console.log(`[bench] namespace ${ns}`);
  let deployed: Deployed | undefined;
  try {
    // The published page first: its publisher process reads the page once from this stack's content api.
    if (wanted('published')) {
      results.published = await step('published page', () => benchPublishedPage({ ...fx, basePort: config.deploy.basePort, logLevel: config.deploy.logLevel, cpuProfDir: config.deploy.cpuProfDir }, config.throughput));
    }
    // The in-process stack only created the fixture; measure the deployed shape, one process per server.
    await step('stop in-process stack', () => fx.stack.stop());
    if (wanted('gateway') || wanted('throughput')) {
      deployed = await step('start gateway, identity and content processes', () =>
        startDeployed({ envOf: fx.stack.envOf, secret: fx.stack.secret, ...config.deploy }),
      );
    }
    if (deployed) {
      const d = deployed;
      console.log(`[bench] gateway ${d.gateway.url} (pid ${d.gateway.pid}), identity ${d.identity.url} (pid ${d.identity.pid}), content ${d.content.url} (pid ${d.content.pid})`);
      if (wanted('gateway')) results.gateway = await step('gateway', () => benchGateway({ deployed: d, databaseUrl: fx.stack.databaseUrl, secret: fx.stack.secret, ...fx }, config.http));
      if (wanted('throughput')) results.throughput = await step('throughput', () => benchThroughput({ deployed: d, ...fx }, config.throughput));
      await step('stop processes', () => d.stop());
    }
    const infra = { databaseUrl: fx.stack.databaseUrl, amqpUrl: TEST_AMQP_URL, namespace: ns, log };
    if (wanted('relay')) results.relay = await step('relay', () => benchRelay({ ...infra, events: config.relayEvents, timeoutMs: 30_000 }));
    if (wanted('consumer')) results.consumer = await step('consumer', () => benchConsumer({ ...infra, events: config.consumerEvents, timeoutMs: Math.max(60_000, config.consumerEvents * 2) }));
    if (wanted('latency')) results.latency = await step('latency', () => benchLatency({ ...infra, ...config.latency }));
    if (wanted('content')) results.content = await step('content', () => runContentBench((line) => console.log(`[bench]${line}`)));
    if (wanted('staleness')) results.staleness = await step('staleness', () => benchStaleness());
  } finally {
    await step('cleanup', async () => {
      await deployed?.stop();
      await dropAll(ns);
    });
  }

  results.seconds = (nowMs() - started) / 1000;
  const markdown = renderMarkdown(results);
  // A partial run does not replace the full record.
  const file = path.join(__dirname, only.size ? 'results.partial.md' : 'results.md');
  writeFileSync(file, markdown);
  console.log(`\n${markdown}\nwritten to ${path.relative(process.cwd(), file)}`);
  return !crashed;
}

/** The scale run's report goes to bench/scale-results.md (a run of other factors than the default: .partial.md). */
async function scale(): Promise<boolean> {
  const markdown = await runScaleBench((line) => console.log(`[bench] ${line}`));
  const file = path.join(__dirname, process.env.BENCH_SCALE_FACTORS ? 'scale-results.partial.md' : 'scale-results.md');
  writeFileSync(file, `# Scale run of ${new Date().toISOString()}\n\n${markdown}\n`);
  console.log(`\n${markdown}\nwritten to ${path.relative(process.cwd(), file)}`);
  return true;
}

const limitMs = SCALE ? num('BENCH_HARD_LIMIT_S', 7200) * 1000 : HARD_LIMIT_MS;
const watchdog = setTimeout(() => {
  console.error(`[bench] still running after ${limitMs / 1000} s; giving up`);
  process.exit(1);
}, limitMs);
watchdog.unref();

(SCALE ? scale() : main()).then(
  (ok) => process.exit(ok ? 0 : 1),
  (err) => {
    console.error('[bench] crashed:', err);
    process.exit(1);
  },
);
