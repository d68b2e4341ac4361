import fs from 'node:fs';

/**
 * Linux /proc readings for the sandbox's memory limit: the child processes this process started, the name
 * of one, and its resident memory. Elsewhere (no /proc) they find nothing, and no memory limit applies.
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
