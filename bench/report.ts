import os from 'node:os';
import type { GatewayBenchResult } from './gateway';
import type { LatencyBenchResult } from './latency';
import type { RelayBenchResult } from './relay';
import { fmt } from './stats';

export const targets = {
  gatewayAddedP50Ms: 2,
  gatewayAddedP99Ms: 10,
  relayEventsPerSecond: 2000,
  commitToConsumerP99Ms: 100,
};

export interface BenchResults {
  startedAt: Date;
  seconds: number;
  loadAverageAtStart: number[];
  gateway?: GatewayBenchResult;
  relay?: RelayBenchResult;
  latency?: LatencyBenchResult;
  /** Per benchmark: why it did not produce a result. */
  failures: Record<string, string>;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 2 ** 30,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

export function renderMarkdown(r: BenchResults): string {
  const m = machine();
  const lines: string[] = [];
  lines.push('# Benchmark results', '');
  lines.push(`Run ${r.startedAt.toISOString()} (${fmt(r.seconds, 1)} s), \`npm run bench\`.`, '');
  lines.push('| Machine | |', '|---|---|');
  lines.push(`| CPU | ${m.cpu} |`, `| Cores | ${m.cores} |`, `| Memory | ${fmt(m.memoryGiB, 1)} GiB |`);
  lines.push(`| Node | ${m.node} |`, `| OS | ${m.platform} |`);
  lines.push(`| Load average at start (1/5/15 min) | ${r.loadAverageAtStart.map((l) => fmt(l)).join(' / ')} |`, '');

  lines.push('| Benchmark | Metric | Result | Target | Status |', '|---|---|---|---|---|');
  const g = r.gateway;
  if (g) {
    const o = g.options;
    const row = (label: string, x: GatewayBenchResult['gateway']) => {
      lines.push(`| ${label} | req/s (offered ${o.overallRate}) | ${fmt(x.rps, 0)} | | |`);
      lines.push(`| ${label} | p50 / p99 latency | ${fmt(x.latency.p50)} / ${fmt(x.latency.p99)} ms | | |`);
    };
    row('GET space via gateway', g.gateway);
    row('GET space direct (content)', g.direct);
    lines.push(`| Gateway overhead | added p50 | ${fmt(g.addedP50)} ms | ≤ ${targets.gatewayAddedP50Ms} ms | ${verdict(g.addedP50 <= targets.gatewayAddedP50Ms)} |`);
    lines.push(`| Gateway overhead | added p99 | ${fmt(g.addedP99)} ms | ≤ ${targets.gatewayAddedP99Ms} ms | ${verdict(g.addedP99 <= targets.gatewayAddedP99Ms)} |`);
  } else {
    lines.push(`| Gateway overhead | | error: ${r.failures.gateway ?? 'not run'} | | FAIL |`);
  }
  const rl = r.relay;
  if (rl) {
    const ok = !rl.timedOut && rl.published === rl.events && rl.routed === rl.events && rl.eventsPerSecond >= targets.relayEventsPerSecond;
    lines.push(`| Outbox relay | events/s (${rl.published}/${rl.events} in ${fmt(rl.seconds)} s, ${rl.routed} routed) | ${fmt(rl.eventsPerSecond, 0)} | ≥ ${targets.relayEventsPerSecond} | ${verdict(ok)} |`);
  } else {
    lines.push(`| Outbox relay | | error: ${r.failures.relay ?? 'not run'} | | FAIL |`);
  }
  const l = r.latency;
  if (l) {
    const ok = l.received === l.sent && l.latency.p99 < targets.commitToConsumerP99Ms;
    lines.push(`| Commit → consumer | p50 (${l.received}/${l.sent} received at ${fmt(l.achievedRate, 0)}/s) | ${fmt(l.latency.p50)} ms | | |`);
    lines.push(`| Commit → consumer | p99 (max ${fmt(l.latency.max, 1)} ms, event #${l.slowestIndex + 1} of ${l.sent}; ${l.over500ms} over 500 ms) | ${fmt(l.latency.p99)} ms | < ${targets.commitToConsumerP99Ms} ms | ${verdict(ok)} |`);
  } else {
    lines.push(`| Commit → consumer | | error: ${r.failures.latency ?? 'not run'} | | FAIL |`);
  }

  const u = g?.unloaded;
  if (u) {
    lines.push('', `### Where the gateway's time goes (1 connection, ${g!.options.unloadedRate} req/s, ${g!.options.unloadedS} s each: no queueing)`, '');
    lines.push('| Path | p50 | p99 |', '|---|---|---|');
    const row = (label: string, x: GatewayBenchResult['gateway']) => lines.push(`| ${label} | ${fmt(x.latency.p50)} ms | ${fmt(x.latency.p99)} ms |`);
    row('GET space via gateway', u.gateway);
    row('GET space direct (content)', u.direct);
    row('identity `POST /internal/principal` direct (the gateway does one per request)', u.identityLookup);
    lines.push(
      `| gateway − direct − identity lookup (gateway's own work: auth middleware, assertion, proxy hop) | ${fmt(u.gateway.latency.p50 - u.direct.latency.p50 - u.identityLookup.latency.p50)} ms | |`,
    );
  }

  lines.push('', '## Method', '');
  if (g) {
    const o = g.options;
    lines.push(
      `- HTTP: \`GET /v1/spaces/{id}\` with autocannon in a separate process, ${o.connections} connections, \`overallRate\` ${o.overallRate} req/s, ` +
        `${o.warmupS} s warm-up then ${o.durationS} s per target; latencies are per-response (sub-ms) from autocannon's \`response\` events, 200s only ` +
        `(gateway: ${g.gateway.ok} ok, ${g.gateway.non2xx} non-200, ${g.gateway.errors} errors; direct: ${g.direct.ok} ok, ${g.direct.non2xx} non-200, ${g.direct.errors} errors). ` +
        'The gateway path includes its per-request identity lookup (no cache), assertion signing and the proxy hop; the direct path sends a pre-signed assertion. ' +
        `Note that autocannon paces \`overallRate\` as a per-connection budget per second (${o.overallRate / o.connections} requests each), sent back to back when each second starts: ` +
        `the loaded latencies are those of ${o.connections} requests in flight at once, and a path slower than ${fmt((1000 * o.connections) / o.overallRate, 0)} ms per request cannot reach the offered rate.`,
    );
  }
  if (rl) {
    lines.push(
      `- Relay: ${rl.events} \`content.space.deleted\` events pre-inserted in a dedicated schema's outbox, then one \`startRelay\` (batch ${rl.batchSize}) ` +
        'publishes them through an `AmqpBus` with publisher confirms (persistent messages) to a dedicated topic exchange with one durable queue bound (`#`); ' +
        'timed from relay start until the outbox has no unpublished row (polled every 20 ms).',
    );
  }
  if (l) {
    lines.push(
      `- Commit → consumer: ${l.ratePerSecond} events/s, each committed in its own transaction with \`addToOutbox\` (time stamped in the event's data inside the ` +
        `transaction, before the insert; the transaction then took p50 ${fmt(l.commitMs.p50)} / p99 ${fmt(l.commitMs.p99)} ms to commit), relayed by \`startRelay\` ` +
        '(LISTEN/NOTIFY wake-up) and handled by `startConsumer` (own pool and broker connection, inbox row per event); latency = handler entry − stamp.',
    );
  }
  lines.push('- Everything runs in one Node process (gateway, services, relay, consumer) except the HTTP load generator; PostgreSQL and RabbitMQ are local.');
  lines.push('- Numbers on a shared 2-core machine are noisy; compare runs, not single values.');
  const failed = Object.entries(r.failures);
  if (failed.length) lines.push('', '## Errors', '', ...failed.map(([k, v]) => `- ${k}: ${v}`));
  return lines.join('\n') + '\n';
}
