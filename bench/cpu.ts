import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuMillis } from '@dp/metrics';

/**
 * CPU time spent by the measured processes between two snapshots, from /proc (Linux; elsewhere everything
 * reads 0): the gateway, identity and content processes, and the PostgreSQL backends serving identity and
 * content (found by the `application_name` their DATABASE_URL carries, so other clients of the same server
 * do not count), plus how busy the whole machine was. Clock ticks are 10 ms: spread over thousands of
 * requests they resolve a few microseconds per request.
 */
const TICK_MS = 10; // USER_HZ = 100 on Linux

export interface CpuSnapshot {
  at: number;
  /** CPU ms (user + system) per watched process or per backend pid of a watched application name. */
  processes: Record<string, number>;
  backends: Record<string, Record<number, number>>;
  machineBusy: number;
  machineTotal: number;
}

export interface CpuUsage {
  seconds: number;
  /** CPU ms per watched process, and per group of PostgreSQL backends (`pg:<name>`). */
  ms: Record<string, number>;
  /** Share of all cores busy over the window (everything on the machine), 0..1. */
  machineBusy: number;
  /** Busy and total CPU ms of the whole machine over the window (all cores). */
  machineBusyMs: number;
  machineTotalMs: number;
}

/** CPU ms of a process (0 once it is gone). */
export const processMs = (pid: number): number => cpuMillis(pid) ?? 0;

/** Busy and total CPU ms of the machine (all cores) since boot. */
export function machineMs(): { busy: number; total: number } {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
    const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = cpu[3] + cpu[4]; // idle + iowait
    return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Share of the machine busy over the next `ms` milliseconds, 0..1. */
export async function machineBusyOver(ms: number): Promise<number> {
  const a = machineMs();
  await new Promise((r) => setTimeout(r, ms));
  const b = machineMs();
  return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0;
}

export class CpuMeter {
  private readonly client: pg.Client;

  /** `applications`: label -> application_name of the PostgreSQL connections to attribute to it. */
  constructor(
    databaseUrl: string,
    private readonly pids: Record<string, number>,
    private readonly applications: Record<string, string>,
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-cpu-meter' });
  }

  async connect(): Promise<void> {
    await this.client.connect();
  }

  close(): Promise<void> {
    return this.client.end();
  }

  private async backendPids(): Promise<Record<string, number[]>> {
    const names = Object.values(this.applications);
    const { rows } = await this.client.query<{ pid: number; application_name: string }>(
      'select pid, application_name from pg_stat_activity where application_name = any($1)',
      [names],
    );
    const out: Record<string, number[]> = {};
    for (const [label, name] of Object.entries(this.applications)) out[label] = rows.filter((r) => r.application_name === name).map((r) => r.pid);
    return out;
  }

  async snapshot(): Promise<CpuSnapshot> {
    const backends: CpuSnapshot['backends'] = {};
    for (const [label, pids] of Object.entries(await this.backendPids())) backends[label] = Object.fromEntries(pids.map((pid) => [pid, processMs(pid)]));
    const m = machineMs();
    return {
      at: performance.now(),
      processes: Object.fromEntries(Object.entries(this.pids).map(([name, pid]) => [name, processMs(pid)])),
      backends,
      machineBusy: m.busy,
      machineTotal: m.total,
    };
  }

  /** CPU since `before`; a backend that appeared in between counts from its start. */
  async since(before: CpuSnapshot): Promise<CpuUsage> {
    const after = await this.snapshot();
    const ms: Record<string, number> = {};
    for (const name of Object.keys(before.processes)) ms[name] = after.processes[name] - before.processes[name];
    for (const [label, pids] of Object.entries(after.backends)) {
      ms[`pg:${label}`] = Object.entries(pids).reduce((sum, [pid, cpu]) => sum + cpu - (before.backends[label]?.[Number(pid)] ?? 0), 0);
    }
    const total = after.machineTotal - before.machineTotal;
    const busy = after.machineBusy - before.machineBusy;
    return { seconds: (after.at - before.at) / 1000, ms, machineBusy: total > 0 ? busy / total : 0, machineBusyMs: busy, machineTotalMs: total };
  }
}
