/** A key (an organization) already holds as many jobs, running or waiting, as it may. */
export class QueueFull extends Error {
  constructor(public readonly limit: number) {
    super(`at most ${limit} jobs per key may run or wait at once`);
    this.name = 'QueueFull';
  }
}

export interface FairQueueOptions {
  /** Jobs running at once, whatever their key. */
  concurrency: number;
  /** Jobs one key may have running or waiting; one more is refused with QueueFull. */
  perKey: number;
}

/** One key's jobs: the starters of those waiting (first come first served), how many run, when it was last served. */
interface KeyJobs {
  waiting: Array<() => void>;
  running: number;
  /** The count of starts when one of its jobs last started (0: none yet). */
  lastStart: number;
}

/**
 * Runs at most `concurrency` jobs at once (docs/adr/0060), and at most half of them (rounded up) for one key,
 * so that with two slots or more another key's job finds a slot no single key can take. Waiting jobs queue per
 * key, first come first served within a key; a freed slot goes to the waiting key served least recently
 * (round-robin): one key's backlog delays another key's job by the jobs already running, not by that backlog.
 * Pure scheduling, no I/O; a job's failure is its caller's, and frees its slot like a success.
 */
export class FairQueue {
  private running = 0;
  private starts = 0;
  /** Keys holding jobs, in the order they came (ties of the round-robin go to the one that came first). */
  private readonly keys = new Map<string, KeyJobs>();
  private readonly concurrency: number;
  private readonly perKeyRunning: number;
  private readonly perKey: number;

  constructor(options: FairQueueOptions) {
    this.concurrency = Math.max(1, options.concurrency);
    this.perKeyRunning = Math.ceil(this.concurrency / 2);
    this.perKey = Math.max(1, options.perKey);
  }

  /** Runs `job` when its turn comes; rejects at once with QueueFull when `key` holds `perKey` jobs already. */
  run<T>(key: string, job: () => Promise<T>): Promise<T> {
    const jobs = this.keys.get(key) ?? { waiting: [], running: 0, lastStart: 0 };
    if (jobs.waiting.length + jobs.running >= this.perKey) return Promise.reject(new QueueFull(this.perKey));
    this.keys.set(key, jobs);
    const turn = new Promise<void>((start) => jobs.waiting.push(start));
    this.next();
    return turn.then(job).finally(() => {
      this.running--;
      jobs.running--;
      if (jobs.running === 0 && jobs.waiting.length === 0) this.keys.delete(key);
      this.next();
    });
  }

  /** Jobs of `key` running or waiting. */
  heldBy(key: string): number {
    const jobs = this.keys.get(key);
    return jobs ? jobs.waiting.length + jobs.running : 0;
  }

  private next(): void {
    while (this.running < this.concurrency) {
      const jobs = this.leastRecentlyServed();
      const start = jobs?.waiting.shift();
      if (!jobs || !start) return;
      this.running++;
      jobs.running++;
      jobs.lastStart = ++this.starts;
      start();
    }
  }

  /** The key with a job waiting and a slot of its own left whose last start is oldest. */
  private leastRecentlyServed(): KeyJobs | undefined {
    let best: KeyJobs | undefined;
    for (const jobs of this.keys.values()) {
      if (jobs.waiting.length === 0 || jobs.running >= this.perKeyRunning) continue;
      if (!best || jobs.lastStart < best.lastStart) best = jobs;
    }
    return best;
  }
}
