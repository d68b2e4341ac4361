import { ASSERTION_HEADER, signAssertion } from '@dp/auth';
import { CpuMeter, machineBusyOver, type CpuUsage } from './cpu';
import type { Deployed } from './deployed';
import { runLoad } from './http';
import { summarize } from './stats';
import type { LoadConfig, LoadOutcome } from './load-worker';

export interface GatewayBenchOptions {
  durationS: number;
  warmupS: number;
  /** Once, before everything: both paths at half the rate, not recorded (JIT of the fresh processes). */
  primeS: number;
  /** Offered rate, requests per second, evenly spaced (open loop). */
  rate: number;
  /**
   * The measured seconds of each path are cut into this many rounds, alternating gateway and direct
   * (G D D G G D ...), and pooled: a few seconds of noise from others on the machine then fall on both
   * paths alike instead of on whichever happened to run.
   */
  rounds: number;
  /** Diagnostic run per hop at a low rate (requests practically one at a time): seconds, 0 to skip. */
  unloadedS: number;
  unloadedRate: number;
  /** Measure the pair again (up to maxAttempts in all) when others kept more than this share of the machine busy. */
  maxOthersBusy: number;
  maxAttempts: number;
}

/** A load's outcome with the CPU each process spent on it (warm-up included), per request. */
export interface Measured extends LoadOutcome {
  cpu: CpuUsage;
  /**
   * CPU ms per request (warm-up included) of the gateway, identity and content processes, the PostgreSQL
   * backends serving each of them (`pg:gateway`, `pg:identity`, `pg:content`), and the load generator.
   */
  cpuPerRequest: Record<string, number>;
  /** Share of the machine busy with anything else than the measured processes (others' work), 0..1. */
  othersBusy: number;
}

/** Rounds of one path as if they were one run: latencies pooled, counts and CPU added up. */
function pool(parts: Measured[]): Measured {
  if (parts.length === 1) return parts[0];
  const sum = (f: (m: Measured) => number) => parts.reduce((s, m) => s + f(m), 0);
  const latencies = parts.flatMap((m) => m.latencies);
  const ms: Record<string, number> = {};
  for (const m of parts) for (const [name, v] of Object.entries(m.cpu.ms)) ms[name] = (ms[name] ?? 0) + v;
  const cpu: CpuUsage = {
    seconds: sum((m) => m.cpu.seconds),
    ms,
    machineBusyMs: sum((m) => m.cpu.machineBusyMs),
    machineTotalMs: sum((m) => m.cpu.machineTotalMs),
    machineBusy: 0,
  };
  cpu.machineBusy = cpu.machineTotalMs > 0 ? cpu.machineBusyMs / cpu.machineTotalMs : 0;
  const totalSent = sum((m) => m.totalSent);
  const generatorCpuMs = sum((m) => m.generatorCpuMs);
  const cpuPerRequest = Object.fromEntries(Object.entries(ms).map(([name, v]) => [name, v / Math.max(1, totalSent)]));
  cpuPerRequest.generator = generatorCpuMs / Math.max(1, totalSent);
  const worstLag = parts.reduce((a, b) => (b.sendLag.p99 > a.sendLag.p99 ? b : a)).sendLag;
  return {
    ...parts[0],
    rps: sum((m) => m.ok) / sum((m) => m.durationS),
    sent: sum((m) => m.sent),
    ok: sum((m) => m.ok),
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
    timeouts: sum((m) => m.timeouts),
    durationS: sum((m) => m.durationS),
    latency: summarize(latencies),
    latencies,
    sendLag: worstLag,
    maxInFlight: Math.max(...parts.map((m) => m.maxInFlight)),
    connections: Math.max(...parts.map((m) => m.connections)),
    totalSent,
    generatorCpuMs,
    cpu,
    cpuPerRequest,
    othersBusy: sum((m) => m.othersBusy * m.cpu.machineTotalMs) / Math.max(1, cpu.machineTotalMs),
  };
}

/** One request at a time: what each hop costs without queueing behind other requests. */
export interface UnloadedBreakdown {
  gateway: Measured;
  direct: Measured;
}

export interface GatewayBenchResult {
  options: GatewayBenchOptions;
  /** How many times the gateway/direct pair was measured (again when others kept the machine busy). */
  attempts: number;
  gateway: Measured;
  direct: Measured;
  addedP50: number;
  addedP99: number;
  unloaded?: UnloadedBreakdown;
}

export interface GatewayTarget {
  deployed: Deployed;
  databaseUrl: string;
  secret: string;
  token: string;
  userId: string;
  orgId: string;
  spaceId: string;
}

type Target = Pick<LoadConfig, 'url' | 'headers' | 'method' | 'body'>;

async function expect200(url: string, headers: Record<string, string>, label: string, init: Partial<Target> = {}): Promise<void> {
  const res = await fetch(url, { headers, method: init.method, body: init.body });
  if (res.status !== 200) throw new Error(`${label}: ${init.method ?? 'GET'} ${url} answered ${res.status} ${await res.text()}`);
}

/**
 * GET /v1/spaces/{id} through the gateway process (bearer token: principal lookup with identity's database
 * function + assertion + proxy hop to the content process) and straight at the content process (a pre-signed caller
 * assertion), at the same fixed rate, one after the other.
 */
export async function benchGateway(t: GatewayTarget, options: GatewayBenchOptions): Promise<GatewayBenchResult> {
  const path = `/v1/spaces/${t.spaceId}`;
  const viaGateway = { url: `${t.deployed.gateway.url}${path}`, headers: { authorization: `Bearer ${t.token}`, accept: 'application/json' } };
  // What the gateway would mint for this user; valid for the whole run.
  const assertion = signAssertion({ userId: t.userId, staff: false, memberships: { [t.orgId]: 'admin' } }, t.secret, 3600);
  const direct = { url: `${t.deployed.content.url}${path}`, headers: { [ASSERTION_HEADER]: assertion, accept: 'application/json' } };
  await expect200(viaGateway.url, viaGateway.headers, 'gateway');
  await expect200(direct.url, direct.headers, 'content service');

  const meter = new CpuMeter(
    t.databaseUrl,
    { gateway: t.deployed.gateway.pid, identity: t.deployed.identity.pid, content: t.deployed.content.pid },
    t.deployed.applications,
  );
  await meter.connect();
  // Each run warms its own connections (and the servers' pools and keep-alive sockets) before measuring.
  const load = async (target: Target, rate: number, durationS: number): Promise<Measured> => {
    const before = await meter.snapshot();
    const outcome = await runLoad({ ...target, rate, warmupS: options.warmupS, durationS } satisfies LoadConfig);
    const cpu = await meter.since(before);
    const perRequest = (ms: number) => ms / Math.max(1, outcome.totalSent);
    const cpuPerRequest = Object.fromEntries(Object.entries(cpu.ms).map(([name, ms]) => [name, perRequest(ms)]));
    cpuPerRequest.generator = perRequest(outcome.generatorCpuMs);
    const ours = Object.values(cpu.ms).reduce((a, b) => a + b, 0) + outcome.generatorCpuMs;
    const othersBusy = cpu.machineTotalMs > 0 ? Math.max(0, cpu.machineBusyMs - ours) / cpu.machineTotalMs : 0;
    return { ...outcome, cpu, cpuPerRequest, othersBusy };
  };
  try {
    // Fresh processes: compile the hot paths at half the rate first, or the first run measures the JIT.
    if (options.primeS > 0) {
      await runLoad({ ...viaGateway, rate: options.rate / 2, warmupS: 0, durationS: options.primeS });
      await runLoad({ ...direct, rate: options.rate / 2, warmupS: 0, durationS: options.primeS });
    }
    // The machine is shared (others run tests and benchmarks): a pair measured while others kept the CPUs
    // busy measures contention, so it is measured again once the machine is quiet.
    let attempts = 0;
    let gateway: Measured;
    let directOutcome: Measured;
    const roundS = options.durationS / Math.max(1, options.rounds);
    for (;;) {
      attempts++;
      const parts: { gateway: Measured[]; direct: Measured[] } = { gateway: [], direct: [] };
      for (let round = 0; round < Math.max(1, options.rounds); round++) {
        const order = round % 2 === 0 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const);
        for (const path of order) parts[path].push(await load(path === 'gateway' ? viaGateway : direct, options.rate, roundS));
      }
      gateway = pool(parts.gateway);
      directOutcome = pool(parts.direct);
      const others = Math.max(gateway.othersBusy, directOutcome.othersBusy);
      if (others <= options.maxOthersBusy || attempts >= options.maxAttempts) break;
      console.log(`[bench] others kept ${(others * 100).toFixed(0)} % of the machine busy during the measurement; measuring again when quiet`);
      const deadline = Date.now() + 60_000;
      while ((await machineBusyOver(2000)) > 0.15 && Date.now() < deadline);
    }

    let unloaded: UnloadedBreakdown | undefined;
    if (options.unloadedS > 0) {
      const one = (target: Target) => load(target, options.unloadedRate, options.unloadedS);
      unloaded = { gateway: await one(viaGateway), direct: await one(direct) };
    }
    return {
      options,
      attempts,
      gateway,
      direct: directOutcome,
      addedP50: gateway.latency.p50 - directOutcome.latency.p50,
      addedP99: gateway.latency.p99 - directOutcome.latency.p99,
      unloaded,
    };
  } finally {
    await meter.close();
  }
}
