import os from 'node:os';
import type { GatewayBenchResult } from './gateway';
import type { ConsumerBenchResult } from './consumer';
import type { LatencyBenchResult } from './latency';
import type { RelayBenchResult } from './relay';
import type { ThroughputResult } from './throughput';
import type { PublishedPageResult } from './published';
import type { ContentBenchResult } from './content';
import { fmt, type LatencySummary } from './stats';

export const targets = {
  gatewayAddedP50Ms: 2,
  gatewayAddedP99Ms: 10,
  relayEventsPerSecond: 2000,
  /** The relay's events/s over raw confirmed publishing of the same events in the same run (issue 28). */
  relayOfRaw: 0.75,
  /** A backlog drains steadily: its slowest tenth at least this share of the whole drain's rate (issue 28). */
  consumerSlowestTenth: 0.7,
  /** ...with flat memory: the consumer's live heap (after a full collection) grows at most this after the first tenth. */
  consumerLiveHeapGrowthMiB: 16,
  /** Full path / bare node:http floor: at least 5 %, and 1.5 times the 2.5 % measured before (issue 8). */
  throughputRatio: 0.05,
  commitToConsumerP99Ms: 100,
  /** A cached published page / bare node:http floor answering the same HTML (issue 11; 40 % since issue 24's reader page). */
  publishedPageRatio: 0.4,
  /** A reader's search of a 1,000-page site (issue 24). */
  searchP99Ms: 50,
};

export interface BenchResults {
  startedAt: Date;
  seconds: number;
  loadAverageAtStart: number[];
  /** Machine busy share over 2 s before the run started, after waiting `waitedS` for it to be quiet. */
  quietCheck?: { busy: number; waitedS: number };
  gateway?: GatewayBenchResult;
  throughput?: ThroughputResult;
  relay?: RelayBenchResult;
  consumer?: ConsumerBenchResult;
  latency?: LatencyBenchResult;
  content?: ContentBenchResult;
  /** Removal-to-refusal delay of a removed member (docs/adr/0021). */
  staleness?: LatencySummary;
  published?: PublishedPageResult;
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
  lines.push(`| Load average at start (1/5/15 min) | ${r.loadAverageAtStart.map((l) => fmt(l)).join(' / ')} |`);
  if (r.quietCheck) lines.push(`| Machine busy before start (2 s sample) | ${fmt(r.quietCheck.busy * 100, 0)} % (after waiting ${fmt(r.quietCheck.waitedS, 0)} s for < 15 %) |`);
  lines.push('');

  lines.push('| Benchmark | Metric | Result | Target | Status |', '|---|---|---|---|---|');
  const g = r.gateway;
  if (g) {
    const o = g.options;
    const row = (label: string, x: GatewayBenchResult['gateway']) => {
      lines.push(`| ${label} | req/s (offered ${o.rate}) | ${fmt(x.rps, 0)} | | |`);
      lines.push(`| ${label} | p50 / p99 latency | ${fmt(x.latency.p50)} / ${fmt(x.latency.p99)} ms | | |`);
    };
    row('GET space via gateway', g.gateway);
    row('GET space direct (content)', g.direct);
    lines.push(`| Gateway overhead | added p50 | ${fmt(g.addedP50)} ms | ≤ ${targets.gatewayAddedP50Ms} ms | ${verdict(g.addedP50 <= targets.gatewayAddedP50Ms)} |`);
    lines.push(`| Gateway overhead | added p99 | ${fmt(g.addedP99)} ms | ≤ ${targets.gatewayAddedP99Ms} ms | ${verdict(g.addedP99 <= targets.gatewayAddedP99Ms)} |`);
  } else {
    lines.push(`| Gateway overhead | | error: ${r.failures.gateway ?? 'not run'} | | FAIL |`);
  }
  if (r.throughput) lines.push(...throughputRows(r.throughput));
  else lines.push(`| Throughput ratio | | error: ${r.failures.throughput ?? 'not run'} | | FAIL |`);
  const rl = r.relay;
  if (rl) {
    const ok = !rl.timedOut && rl.published === rl.events && rl.routed === rl.events && rl.eventsPerSecond >= targets.relayEventsPerSecond;
    lines.push(`| Outbox relay | events/s (${rl.published}/${rl.events} in ${fmt(rl.seconds)} s, ${rl.routed} routed) | ${fmt(rl.eventsPerSecond, 0)} | ≥ ${targets.relayEventsPerSecond} | ${verdict(ok)} |`);
    lines.push(
      `| Outbox relay vs raw publishing | relay / raw confirmed publishing of the same events, batches of ${rl.batchSize} (raw before / after: ${fmt(rl.raw.before, 0)} / ${fmt(rl.raw.after, 0)} events/s) | ${fmt(rl.ratio * 100, 1)} % | ≥ ${targets.relayOfRaw * 100} % | ${verdict(ok && rl.ratio >= targets.relayOfRaw)} |`,
    );
  } else {
    lines.push(`| Outbox relay | | error: ${r.failures.relay ?? 'not run'} | | FAIL |`);
  }
  const cs = r.consumer;
  if (cs) {
    const ok = !cs.timedOut && cs.handled === cs.events;
    lines.push(`| Consumer (one worker) | events/s (${cs.handled}/${cs.events} in ${fmt(cs.seconds)} s, prefetch ${cs.prefetch}) | ${fmt(cs.eventsPerSecond, 0)} | | ${ok ? '' : 'FAIL'} |`);
    lines.push(`| Consumer (one worker) | CPU per handled event | ${fmt(cs.cpuMsPerEvent, 3)} ms | | |`);
    if (cs.tenthsPerSecond.length === 10) {
      const slowest = Math.min(...cs.tenthsPerSecond);
      const steady = slowest >= targets.consumerSlowestTenth * cs.eventsPerSecond;
      const growth = cs.liveHeapMiB.last - cs.liveHeapMiB.firstTenth;
      const flat = growth <= targets.consumerLiveHeapGrowthMiB;
      lines.push(
        `| Consumer backlog of ${cs.events.toLocaleString('en')} | slowest tenth vs the whole drain (tenths: ${cs.tenthsPerSecond.map((r) => fmt(r, 0)).join(', ')} events/s) | ${fmt((slowest / cs.eventsPerSecond) * 100, 1)} % | ≥ ${targets.consumerSlowestTenth * 100} % | ${verdict(ok && steady)} |`,
        `| Consumer backlog of ${cs.events.toLocaleString('en')} | live heap growth after the first tenth, after full collections (${fmt(cs.liveHeapMiB.firstTenth, 1)} then ${fmt(cs.liveHeapMiB.last, 1)} MiB; RSS ${fmt(cs.rssMiB.firstTenth, 0)} then, ${fmt(cs.rssMiB.peak, 0)} at most, ${fmt(cs.rssMiB.last, 0)} at the end) | ${fmt(growth, 1)} MiB | ≤ ${targets.consumerLiveHeapGrowthMiB} MiB | ${verdict(flat)} |`,
      );
    }
  } else {
    lines.push(`| Consumer (one worker) | | error: ${r.failures.consumer ?? 'not run'} | | FAIL |`);
  }
  const l = r.latency;
  if (l) {
    const ok = l.received === l.sent && l.latency.p99 < targets.commitToConsumerP99Ms;
    lines.push(`| Commit → consumer | p50 (${l.received}/${l.sent} received at ${fmt(l.achievedRate, 0)}/s) | ${fmt(l.latency.p50)} ms | | |`);
    lines.push(`| Commit → consumer | p99 (max ${fmt(l.latency.max, 1)} ms, event #${l.slowestIndex + 1} of ${l.sent}; ${l.over500ms} over 500 ms) | ${fmt(l.latency.p99)} ms | < ${targets.commitToConsumerP99Ms} ms | ${verdict(ok)} |`);
  } else {
    lines.push(`| Commit → consumer | | error: ${r.failures.latency ?? 'not run'} | | FAIL |`);
  }
  if (r.content) lines.push(...contentRows(r.content));
  else lines.push(`| Content | | error: ${r.failures.content ?? 'not run'} | | FAIL |`);
  const st = r.staleness;
  if (st) lines.push(`| Removed member refused | p99 of ${st.count} removals (p50 ${fmt(st.p50)} ms, max ${fmt(st.max)} ms) | ${fmt(st.p99)} ms | < 1000 ms | ${verdict(st.p99 < 1000)} |`);
  else lines.push(`| Removed member refused | | error: ${r.failures.staleness ?? 'not run'} | | FAIL |`);

  const pp = r.published;
  if (pp) {
    const failed = pp.failed.page + pp.failed.floor;
    lines.push(`| Published page (cached) | req/s at ${pp.options.connections} connections (floor ${fmt(pp.rps.floor, 0)} req/s, ${pp.bodyBytes} B of HTML) | ${fmt(pp.rps.page, 0)} | | |`);
    lines.push(`| Published page (cached) | p50 / p99 latency at ${pp.options.connections} connections | ${fmt(pp.latency.p50)} / ${fmt(pp.latency.p99)} ms | | |`);
    lines.push(
      `| Published page (cached) | page / floor${failed ? ` (${failed} failed requests)` : ''} | ${fmt(pp.ratio * 100, 1)} % | ≥ ${fmt(targets.publishedPageRatio * 100, 0)} % | ${verdict(failed === 0 && pp.ratio >= targets.publishedPageRatio)} |`,
    );
    const sr = pp.search;
    lines.push(
      `| Reader search | p99 at ${sr.rate} req/s over ${sr.pages} matching pages (p50 ${fmt(sr.latency.p50)} ms${sr.failed ? `, ${sr.failed} failed` : ''}) | ${fmt(sr.latency.p99)} ms | < ${targets.searchP99Ms} ms | ${verdict(sr.failed === 0 && sr.latency.p99 < targets.searchP99Ms)} |`,
    );
  } else {
    lines.push(`| Published page (cached) | | error: ${r.failures['published page'] ?? 'not run'} | | FAIL |`);
  }

  const u = g?.unloaded;
  if (g) {
    const o = g.options;
    type M = GatewayBenchResult['gateway'];
    lines.push('', `### Where the gateway's time goes`, '');
    lines.push('| Path | offered | p50 | p99 | max in flight | machine busy (of which others) |', '|---|---|---|---|---|---|');
    const row = (label: string, x: M) =>
      lines.push(
        `| ${label} | ${fmt(x.rate, 0)} req/s | ${fmt(x.latency.p50)} ms | ${fmt(x.latency.p99)} ms | ${x.maxInFlight} | ` +
          `${fmt(x.cpu.machineBusy * 100, 0)} % (${fmt(x.othersBusy * 100, 0)} %) |`,
      );
    row('GET space via gateway', g.gateway);
    row('GET space direct (content)', g.direct);
    if (u) {
      row('GET space via gateway, one at a time', u.gateway);
      row('GET space direct (content), one at a time', u.direct);
    }
    lines.push(
      '',
      `Rows at ${o.unloadedRate} req/s send one request at a time (${fmt(1000 / o.unloadedRate, 0)} ms apart): every hop then finds its process asleep, ` +
        'so they show the cost of waking processes up on this machine rather than a lower bound. "Others" is the share of the machine busy with anything ' +
        'but the measured processes, their PostgreSQL backends and the load generator (other users of the machine, the kernel): when it is high, ' +
        'the run measured contention, not the gateway.',
    );

    const names = ['gateway', 'pg:gateway', 'content', 'pg:content', 'identity', 'generator'];
    lines.push('', `CPU per request (ms; /proc clock ticks of 10 ms over each path's ${o.rate * (o.warmupS * o.rounds + o.durationS)} requests, warm-ups included):`, '');
    lines.push(`| Run | ${names.join(' | ')} |`, `|---|${names.map(() => '---|').join('')}`);
    const cpuRow = (label: string, x: M) => lines.push(`| ${label} | ${names.map((n) => fmt(x.cpuPerRequest[n] ?? NaN, 3)).join(' | ')} |`);
    cpuRow(`via gateway, ${o.rate} req/s`, g.gateway);
    cpuRow(`direct, ${o.rate} req/s`, g.direct);
    const c = g.gateway.cpuPerRequest;
    const added = c.gateway + c['pg:gateway'];
    lines.push(
      '',
      'The identity process is deployed but idle here: the gateway resolves tokens with identity\'s principal function (`pg:gateway`, ADR 0013). ' +
        `The gateway path adds ${fmt(added, 2)} ms of CPU per request (gateway ${fmt(c.gateway, 2)}, its principal lookup in PostgreSQL ` +
        `${fmt(c['pg:gateway'], 2)}) to the ${fmt(g.direct.cpuPerRequest.content + g.direct.cpuPerRequest['pg:content'], 2)} ms the direct path costs, ` +
        `i.e. ${fmt((added * o.rate) / 10, 0)} % of one core at ${o.rate} req/s on a ${machine().cores}-core machine.`,
    );
  }

  lines.push('', '## Method', '');
  if (g) {
    const o = g.options;
    const lag = (x: GatewayBenchResult['gateway']) => `p99 ${fmt(x.sendLag.p99)} ms`;
    const counts = (x: GatewayBenchResult['gateway']) =>
      `${x.ok} ok of ${x.sent}, ${x.non2xx} non-200, ${x.errors} errors, ${x.timeouts} timeouts, at most ${x.maxInFlight} in flight on ${x.connections} connections, send lag ${lag(x)}`;
    lines.push(
      '- Processes: the fixture (user, organization, space) is created through an in-process stack, which is then stopped; the gateway, the identity api and ' +
        'the content api are then measured as three separate Node processes (`node --import tsx <service>/src/main.ts`, as deployed: one process per container), ' +
        "on fixed local ports, on the same schemas, `LOG_LEVEL=info`; the load generator is a fourth process. Everything shares the machine's cores with PostgreSQL.",
      `- HTTP: \`GET /v1/spaces/{id}\` at a fixed rate of ${o.rate} req/s, open loop and evenly spaced (request i is sent at start + i/rate whether or not ` +
        'earlier ones have answered, on an idle keep-alive connection or a new one, so nothing waits in the client; raw sockets, one pre-built ' +
        'request written in one call, responses framed by their Content-Length, so the client takes as little of the shared CPU as it can). ' +
        `Both paths are first primed at half the rate for ${o.primeS} s each (fresh processes); then each path is measured for ${o.durationS} s in ${o.rounds} rounds ` +
        `of ${fmt(o.durationS / o.rounds, 0)} s, each after ${o.warmupS} s of warm-up, alternating gateway and direct (G D D G G D ...) and pooled, so that noise from ` +
        `others on the machine falls on both paths alike (the pair was measured ${g.attempts} time${g.attempts > 1 ? 's' : ''}: it is measured again, up to ${o.maxAttempts} times, ` +
        `when others kept more than ${fmt(o.maxOthersBusy * 100, 0)} % of the machine busy); latency is from sending the request to the last byte of the ` +
        `response, 200s only (gateway: ${counts(g.gateway)}; direct: ${counts(g.direct)}). The gateway path includes its per-request principal lookup ` +
        "(identity's database function, no cache), assertion signing and the proxy hop; the direct path sends a pre-signed assertion. (autocannon's `overallRate` is not used: it gives " +
        'each connection a budget per second sent back to back when the second starts, all connections together, i.e. a once-a-second burst.)',
    );
  }
  const t = r.throughput;
  if (t) {
    const o = t.options;
    lines.push(
      `- Throughput: \`GET /v1/spaces/{id}\` closed loop on ${o.connections} keep-alive connections (each sends its next request when the last answered), ` +
        `${o.rounds} rounds of ${o.roundS} s per path after ${o.warmupS} s of warm-up each, the order of the three paths rotated every round and the rounds pooled: ` +
        'the full path (bearer token through the deployed gateway, identity and content processes), two empty Express hops (Express + http-proxy-middleware ' +
        `in one process to an Express handler in another) and the floor (a bare node:http server), both answering the same ${t.bodyBytes}-byte body, each in its own process.`,
    );
  }
  if (rl) {
    lines.push(
      `- Relay: ${rl.events} \`content.space.deleted\` events pre-inserted in a dedicated schema's outbox, then one \`startRelay\` (batch ${rl.batchSize}) ` +
        'publishes them through an `AmqpBus` with publisher confirms (persistent messages) to a dedicated topic exchange with one durable queue bound (`#`); ' +
        'timed from relay start until the outbox has no unpublished row (polled every 20 ms).',
    );
  }
  if (cs) {
    lines.push(
      `- Consumer: ${cs.events} events queued first (published with confirms), then one \`startConsumer\` (prefetch ${cs.prefetch}, pool of 5) handles them ` +
        'as a worker does: an inbox row and one insert of its own per event, in one transaction; timed from releasing the first deliveries until the last is ' +
        'handled, with the CPU time of the bench process (the consumer) over that time.',
    );
  }
  if (l) {
    lines.push(
      `- Commit → consumer: ${l.ratePerSecond} events/s, each committed in its own transaction with \`addToOutbox\` (time stamped in the event's data inside the ` +
        `transaction, before the insert; the transaction then took p50 ${fmt(l.commitMs.p50)} / p99 ${fmt(l.commitMs.p99)} ms to commit), relayed by \`startRelay\` ` +
        '(LISTEN/NOTIFY wake-up) and handled by `startConsumer` (own pool and broker connection, inbox row per event); latency = handler entry − stamp.',
    );
  }
  lines.push('- The relay and commit → consumer benchmarks run in the bench process itself (relay, consumer); PostgreSQL and RabbitMQ are local.');
  lines.push('- Numbers on a shared 2-core machine are noisy; compare runs, not single values.');
  const failed = Object.entries(r.failures);
  if (failed.length) lines.push('', '## Errors', '', ...failed.map(([k, v]) => `- ${k}: ${v}`));
  return lines.join('\n') + '\n';
}

/** Rows of the throughput ratio: full path, two Express hops and the bare node:http floor at N connections. */
export function throughputRows(t: ThroughputResult): string[] {
  const c = t.options.connections;
  const rounds = (xs: number[]) => xs.map((x) => fmt(x, 0)).join(', ');
  const failed = t.failed.full + t.failed.floor + t.failed.express;
  return [
    `| Throughput, ${c} connections | bare node:http floor, req/s (rounds: ${rounds(t.roundsRps.floor)}) | ${fmt(t.rps.floor, 0)} | | |`,
    `| Throughput, ${c} connections | two empty Express hops, req/s (rounds: ${rounds(t.roundsRps.express)}) | ${fmt(t.rps.express, 0)} (${fmt(t.expressRatio * 100, 1)} % of floor) | | |`,
    `| Throughput, ${c} connections | \`GET /v1/spaces/{id}\` via gateway, req/s (rounds: ${rounds(t.roundsRps.full)}) | ${fmt(t.rps.full, 0)} | | |`,
    `| Throughput ratio | full path / floor${failed ? ` (${failed} failed requests)` : ''} | ${fmt(t.fullRatio * 100, 1)} % | ≥ ${fmt(targets.throughputRatio * 100, 0)} % | ${verdict(failed === 0 && t.fullRatio >= targets.throughputRatio)} |`,
  ];
}

/** Rows of the content benchmarks: authoring, a 5,000-page list, search over 10,000 pages, first vs last list page. */
export function contentRows(c: ContentBenchResult): string[] {
  const v = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const lastVsFirst = c.listLastPage.p50 <= c.listFirstPage.p50 * 1.5 + 1;
  return [
    `| Authoring | batch of 50 inserts (0 → 10,000 pages), p50 / p99 | ${fmt(c.authoring.p50)} / ${fmt(c.authoring.p99)} ms | | |`,
    `| Page list | 5,000-page revision, p50 / p99 | ${fmt(c.pageList5000.p50)} / ${fmt(c.pageList5000.p99)} ms | p99 < 100 ms | ${v(c.pageList5000.p99 < 100)} |`,
    `| Search | 10,000 pages (${c.searchHits} hits), p50 / p99 | ${fmt(c.search10000.p50)} / ${fmt(c.search10000.p99)} ms | p99 < 50 ms | ${v(c.search10000.p99 < 50)} |`,
    `| List page cost | first / last page of ${c.spacesListed} spaces (50 a page), p50 | ${fmt(c.listFirstPage.p50)} / ${fmt(c.listLastPage.p50)} ms | last ≈ first | ${v(lastVsFirst)} |`,
    ...historyRows(c.history),
  ];
}

/** Revision storage (docs/adr/0104): growth per one-page merge against a copy of the tree, and reads at old revisions. */
function historyRows(h: ContentBenchResult['history']): string[] {
  const v = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
  const share = h.bytesPerMerge / h.treeBytes;
  return [
    `| History storage | per one-page merge into ${h.pages} pages (${h.merges} merges; the tree's JSON is ${kb(h.treeBytes)}) | ${kb(h.bytesPerMerge)} (${fmt(share * 100, 1)} % of the tree) | ≤ 10 % of the tree | ${v(share <= 0.1)} |`,
    `| History merge | one-page edit into ${h.pages} pages, p50 / p99 | ${fmt(h.merge.p50)} / ${fmt(h.merge.p99)} ms | | |`,
    `| Page at a past revision | first read of each, p50 / p99 (live: ${fmt(h.liveRead.p50)} / ${fmt(h.liveRead.p99)} ms) | ${fmt(h.oldRead.p50)} / ${fmt(h.oldRead.p99)} ms | p99 ≤ 3 × live's + 5 ms | ${v(h.oldRead.p99 <= 3 * h.liveRead.p99 + 5)} |`,
  ];
}
