import fs from 'node:fs';

/**
 * Linux /proc readings of other processes: the child processes this process started, the name of one, its resident
 * memory, its CPU time and the loopback port it calls back (the integrations sandbox's limits, the chaos run's
 * peak RSS, the benchmarks' CPU). Elsewhere (no /proc) they find nothing.
 */
export function childPids(): number[] {
  const pids: number[] = [];
  let tasks: string[];
  try {
    tasks = fs.readdirSync('/proc/self/task');
  } catch {
    return pids;
  }
  for (const task of tasks) {
    try {
      pids.push(...fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // the thread ended meanwhile
    }
  }
  return pids;
}

export function processName(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in bytes, or undefined when it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux port in use). */
const TICKS_PER_SECOND = 100;

/** CPU time (user and system) a process has used, in ms, or undefined when it is gone. */
export function cpuMillis(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The port of `--external-addr=<name>=<host>:<port>` on a process's command line (miniflare's loopback server for workerd). */
export function externalPort(pid: number, name: string): number | undefined {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const address = args.find((arg) => arg.startsWith(`--external-addr=${name}=`));
    const port = Number(address?.slice(address.lastIndexOf(':') + 1));
    return Number.isInteger(port) && port > 0 ? port : undefined;
  } catch {
    return undefined;
  }
}
