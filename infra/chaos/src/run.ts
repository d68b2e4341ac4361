import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { loadConfig } from '@dp/config';
import { subscriptions } from '@dp/local';
import { check, outboxRows, pending, type CheckReport, type Deployment } from './check';
import { chaosConfig, type ChaosConfig } from './config';
import { driveOrganization, newOwner, type LoadCounts } from './load';
import { startChaosStack, type ChaosStack } from './processes';
import { startChaosServers, type ChaosServers } from './servers';

/**
 * `npm run chaos` (issue 28 §3, docs/adr/0116): the stack in its deployed shape on servers of its own, a mixed load
 * across the six contexts, and meanwhile faults: the broker SIGKILLed, PostgreSQL restarted, api and worker
 * processes SIGKILLed, each repaired at once. Then it waits for the stack to settle and proves from the databases
 * that nothing was lost, handled twice, parked or left inconsistent. Bounded in time (its config), local only.
 */
export interface FaultRecord {
  fault: string;
  at: number;
  /** From the repair to the first event committed after it and handled by a consumer. */
  recoveredMs?: number;
}

export interface ChaosReport {
  config: ChaosConfig;
  /** Every process's output: kept for reading when the run failed. */
  logDir: string;
  load: LoadCounts;
  faults: FaultRecord[];
  settledMs: number | undefined;
  check: CheckReport;
  /** The highest RSS of each process during the run, MiB (the deployed shape's per-process figure). */
  peakRssMiB: Record<string, number>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runChaos(env: NodeJS.ProcessEnv = process.env, say: (line: string) => void = (line) => void process.stdout.write(`${line}\n`)): Promise<ChaosReport> {
  const config = loadConfig(chaosConfig, env);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'dp-chaos-logs-'));
  say(`chaos: logs of every process in ${logDir}`);
  const servers = await startChaosServers();
  let stack: ChaosStack | undefined;
  // Its own two connections, which the PostgreSQL restart cuts like every other: knex's reports of that are noise.
  const quiet = { warn: () => undefined, error: () => undefined, deprecate: () => undefined, debug: () => undefined };
  const db = knex({ client: 'pg', connection: servers.databaseUrl, pool: { min: 0, max: 2 }, log: quiet });
  try {
    stack = await startChaosStack(servers, logDir);
    say(`chaos: the stack runs at ${stack.gatewayUrl} (${stack.killable.length} api and worker processes)`);
    const deployment = { db, amqpUrl: servers.amqpUrl, schemas: stack.schemas, subscriptions: await subscriptions() };
    const committed = () => outboxRows(deployment);

    const owners = await Promise.all([1, 2, 3, 4].map((n) => newOwner(stack!.gatewayUrl, stack!.adminToken, n)));
    const counts: LoadCounts = { requests: 0, ok: 0, failed: 0, byContext: {} };
    const started = Date.now();
    const hardStop = started + config.CHAOS_DURATION_S * 3000;
    let faultsDone = false;
    let enough = false;
    const stop = () => Date.now() > hardStop || (faultsDone && enough && Date.now() - started > config.CHAOS_DURATION_S * 1000);
    const load = Promise.all(owners.map((owner, i) => driveOrganization(stack!.gatewayUrl, owner, i, stop, counts)));
    const watch = (async () => {
      while (!stop()) {
        enough = (await committed().catch(() => 0)) >= config.CHAOS_MIN_EVENTS;
        await sleep(2000);
      }
    })();

    const faults = await injectFaults(config, servers, stack, deployment, say);
    faultsDone = true;
    await Promise.all([load, watch]);
    say(`chaos: load stopped after ${Math.round((Date.now() - started) / 1000)} s: ${counts.requests} requests (${counts.failed} failed), ${await committed()} events committed`);

    const settleStart = Date.now();
    let settledMs: number | undefined;
    while (Date.now() - settleStart < config.CHAOS_SETTLE_S * 1000) {
      if ((await pending(deployment)) === 0) {
        settledMs = Date.now() - settleStart;
        break;
      }
      await sleep(1000);
    }
    const report: ChaosReport = { config, logDir, load: counts, faults, settledMs, check: await check(deployment), peakRssMiB: { ...stack.peakRssMiB } };
    if (report.check.committed < config.CHAOS_MIN_EVENTS) report.check.disagreements.push(`only ${report.check.committed} events were committed, fewer than CHAOS_MIN_EVENTS (${config.CHAOS_MIN_EVENTS})`);
    // A check of nothing proves nothing: the load must have left something for each agreement check to read.
    const { indexedPages, stoppedTranslations, deliveredIntegrationEvents } = report.check.effects;
    for (const [what, n] of Object.entries({ 'pages in search': indexedPages, 'translations stopped with their space': stoppedTranslations, 'integration events delivered': deliveredIntegrationEvents })) {
      if (n === 0) report.check.disagreements.push(`the load left no ${what} to check`);
    }
    return report;
  } finally {
    await db.destroy();
    await stack?.stop().catch(() => undefined);
    await servers.close();
  }
}

/**
 * The faults, one after another, spread over the load: the broker's, PostgreSQL's and the processes' interleaved.
 * After each broker kill and the PostgreSQL restart, how long until an event committed after the repair is handled.
 */
async function injectFaults(config: ChaosConfig, servers: ChaosServers, stack: ChaosStack, deployment: Deployment, say: (line: string) => void): Promise<FaultRecord[]> {
  const plan: string[] = [
    ...Array.from({ length: config.CHAOS_BROKER_KILLS }, () => 'broker'),
    ...Array.from({ length: config.CHAOS_POSTGRES_RESTARTS }, () => 'postgres'),
    ...Array.from({ length: config.CHAOS_PROCESS_KILLS }, () => 'process'),
  ];
  // Spread: the kinds interleaved, in a shuffled order.
  for (let i = plan.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [plan[i], plan[j]] = [plan[j], plan[i]];
  }
  const gap = Math.max(500, (config.CHAOS_DURATION_S * 1000) / (plan.length + 1) / 2);
  const records: FaultRecord[] = [];
  for (const kind of plan) {
    await sleep(gap);
    const at = Date.now();
    if (kind === 'broker') {
      await servers.killAndRebootBroker();
      records.push({ fault: 'broker SIGKILL', at, recoveredMs: await recovery(stack, deployment) });
    } else if (kind === 'postgres') {
      await servers.restartPostgres();
      records.push({ fault: 'PostgreSQL restart', at, recoveredMs: await recovery(stack, deployment) });
    } else {
      const victims = stack.killable;
      const victim = victims[Math.floor(Math.random() * victims.length)];
      await stack.killAndRestart(victim.name);
      records.push({ fault: `SIGKILL ${victim.name}`, at, recoveredMs: Date.now() - at });
    }
    say(`chaos: ${records.at(-1)!.fault} (recovered in ${records.at(-1)!.recoveredMs ?? '?'} ms)`);
  }
  return records;
}

/**
 * How long from now until an event committed after now is handled: identity's audit log consumes the other contexts'
 * events, so the first of them in its inbox says the whole path (commit, relay, broker, consumer) works again.
 */
async function recovery(stack: ChaosStack, d: Deployment): Promise<number | undefined> {
  const since = new Date();
  const repaired = Date.now();
  const deadline = repaired + 120_000;
  const identity = stack.schemas.identity;
  while (Date.now() < deadline) {
    const { rows } = await d.db
      .raw(
        `select 1 from ${identity}.inbox i join (${Object.values(stack.schemas).map((s) => `select id::text as id, created_at from ${s}.outbox`).join(' union all ')}) o on o.id = i.event_id where o.created_at >= ? limit 1`,
        [since],
      )
      .catch(() => ({ rows: [] }));
    if (rows.length) return Date.now() - repaired;
    await sleep(200);
  }
  return undefined;
}
