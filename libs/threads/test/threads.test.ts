import path from 'node:path';
import { createThreads, type Threads, type ThreadsOptions } from '@dp/threads';
import type { chores } from './fixtures/chores';
import { WARM_MS, type slowStart } from './fixtures/slow-start';

/**
 * The one worker-thread mechanism (docs/adr/0063), on real threads: bounded concurrency and queue, a deadline
 * after which the thread is replaced, a heap cap, questions to the parent (whose waits may be left out of the
 * deadline), a thread per task or kept ones, and the caller's event loop free meanwhile.
 */
const fixture = (name: string) => path.join(__dirname, 'fixtures', `${name}.ts`);
const made: Threads<typeof chores>[] = [];
function threads(options: Partial<ThreadsOptions> = {}): Threads<typeof chores> {
  const set = createThreads<typeof chores>({ module: fixture('chores'), threads: 1, maxQueue: 8, deadlineMs: 20_000, memoryMb: 64, ...options });
  made.push(set);
  return set;
}
afterAll(() => Promise.all(made.map((set) => set.close())));

/** The value of an outcome that must have one (its failure shows in the assertion otherwise). */
async function valueOf<T>(outcome: Promise<{ ok: true; value: T } | { ok: false; reason: string; message: string }>): Promise<T> {
  const settled = await outcome;
  if (!settled.ok) throw new Error(`expected a value, got ${settled.reason}: ${settled.message}`);
  return settled.value;
}

/** The longest gap between ticks of a 10 ms timer while `work` runs: how long this event loop was held. */
async function longestStall<T>(work: Promise<T>): Promise<{ stall: number; result: T }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    stall = Math.max(stall, performance.now() - last);
    last = performance.now();
  }, 10);
  const result = await work;
  clearInterval(timer);
  return { stall, result };
}

test('When a task runs, Then its thread answers its value, typed by the task module', async () => {
  const value = await valueOf(threads().run({ kind: 'echo', text: 'hello' }));
  expect(value.text).toBe('hello');
  expect(value.thread).toBeGreaterThan(0);
});

test('When a task throws, Then it fails with its message and the thread serves the next one', async () => {
  const set = threads();
  expect(await set.run({ kind: 'throw', message: 'no such page' })).toEqual({ ok: false, reason: 'failed', message: 'no such page' });
  expect((await valueOf(set.run({ kind: 'echo', text: 'after' }))).text).toBe('after');
});

test('When a thread computes for seconds, Then the caller’s event loop keeps turning', async () => {
  const set = threads();
  await valueOf(set.run({ kind: 'echo', text: 'warm up' }));
  const { stall, result } = await longestStall(valueOf(set.run({ kind: 'spin', ms: 1_500 })));
  expect(result.text).toBe('spun');
  // Generous (a shared machine): on this loop the task would have held it for 1.5 s.
  expect(stall).toBeLessThan(1_000);
});

test('When a task runs past its deadline, Then it ends as such, its thread is terminated and replaced, and the next task runs', async () => {
  const set = threads({ deadlineMs: 300 });
  const first = await valueOf(set.run({ kind: 'echo', text: 'warm up' }));
  const started = Date.now();
  const outcome = await set.run({ kind: 'spin', ms: 60_000 });
  expect(outcome).toEqual({ ok: false, reason: 'deadline', message: 'the task ran past its 300 ms' });
  expect(Date.now() - started).toBeLessThan(10_000);
  const next = await valueOf(set.run({ kind: 'echo', text: 'after' }));
  expect(next.text).toBe('after');
  expect(next.thread).not.toBe(first.thread);
});

test('When a task needs more heap than its thread has, Then it ends as past its memory and the next task runs', async () => {
  const set = threads({ memoryMb: 32 });
  await valueOf(set.run({ kind: 'echo', text: 'warm up' }));
  const outcome = await set.run({ kind: 'hold', mb: 400 });
  expect(outcome).toEqual({ ok: false, reason: 'memory', message: 'the task needed more than 32 MB of heap' });
  expect((await valueOf(set.run({ kind: 'echo', text: 'after' }))).text).toBe('after');
});

test('When every thread is busy and the queue is full, Then one more task is refused at once as busy', async () => {
  const set = threads({ maxQueue: 1 });
  const held = [set.run({ kind: 'block', ms: 3_000 }), set.run({ kind: 'block', ms: 3_000 })];
  const started = Date.now();
  expect(await set.run({ kind: 'echo', text: 'late' })).toEqual({ ok: false, reason: 'busy', message: 'more than 1 tasks wait for a thread' });
  // Refused without waiting for a thread: well before the 3 s the held tasks take (margin for a busy machine).
  expect(Date.now() - started).toBeLessThan(1_500);
  expect((await Promise.all(held)).map((o) => (o.ok ? 'ok' : o.message))).toEqual(['ok', 'ok']);
});

test('When more tasks come than threads, Then at most that many run at once and the others wait their turn', async () => {
  const set = threads({ threads: 2 });
  const values = await Promise.all([1, 2, 3, 4].map(() => valueOf(set.run({ kind: 'block', ms: 400 }))));
  const events = values.flatMap((v) => [{ at: v.startedAt, step: 1 }, { at: v.endedAt, step: -1 }]).sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let most = 0;
  for (const e of events) most = Math.max(most, (running += e.step));
  expect(most).toBe(2);
});

test('When threads are kept, Then a thread serves task after task; with a thread per task, each starts fresh', async () => {
  const kept = threads();
  const counts = [];
  for (let i = 0; i < 3; i++) counts.push((await valueOf(kept.run({ kind: 'count' }))).text);
  expect(counts).toEqual(['1', '2', '3']);
  const fresh = threads({ threadPerTask: true, threads: 2 });
  const outcomes = await Promise.all([1, 2, 3].map(() => valueOf(fresh.run({ kind: 'count' }))));
  expect(outcomes.map((v) => v.text)).toEqual(['1', '1', '1']);
  expect(new Set(outcomes.map((v) => v.thread)).size).toBe(3);
});

test('When a task asks its parent, Then the parent’s answer comes back, and its failure is the task’s', async () => {
  const set = threads();
  expect((await valueOf(set.run({ kind: 'sum', asks: [1, 2, 3] }, async (n) => n * 10))).text).toBe('60');
  const refused = await set.run({ kind: 'sum', asks: [1] }, async () => {
    throw new Error('not yours to read');
  });
  expect(refused).toEqual({ ok: false, reason: 'failed', message: 'not yours to read' });
  expect(await set.run({ kind: 'sum', asks: [1] })).toEqual({ ok: false, reason: 'failed', message: 'nothing answers this task’s questions' });
});

test('When the parent takes longer to answer than the deadline, Then with asksPauseDeadline the waits do not count, without it they do', async () => {
  const slowly = (ms: number) => async (n: number) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return n;
  };
  const pausing = threads({ deadlineMs: 1_500, asksPauseDeadline: true, threadPerTask: true });
  expect((await valueOf(pausing.run({ kind: 'sum', asks: [1, 2, 3] }, slowly(800)))).text).toBe('6');
  // Computing still counts, across the waits: 3 x 700 ms of it is past 1.5 s.
  expect(await pausing.run({ kind: 'sum', asks: [1, 2, 3], spinMs: 700 }, slowly(10))).toMatchObject({ ok: false, reason: 'deadline' });
  const counting = threads({ deadlineMs: 1_500, threadPerTask: true });
  expect(await counting.run({ kind: 'sum', asks: [1, 2, 3] }, slowly(800))).toMatchObject({ ok: false, reason: 'deadline' });
});

test('When a thread cannot even start, Then the waiting tasks end as crashed at once, and no thread is retried in a loop', async () => {
  const cases: [Partial<ThreadsOptions>, string][] = [[{ module: fixture('broken') }, 'crashed'], [{ module: fixture('no-task') }, 'crashed'], [{ memoryMb: 2 }, 'memory']];
  for (const [options, reason] of cases) {
    const set = threads(options);
    const outcomes = await Promise.all([set.run({ kind: 'echo', text: 'one' }), set.run({ kind: 'echo', text: 'two' })]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.reason))).toEqual([reason, reason]);
  }
});

test('When the threads are closed, Then running and waiting tasks end as closed and later ones are refused', async () => {
  const set = threads();
  const pending = [set.run({ kind: 'block', ms: 30_000 }), set.run({ kind: 'echo', text: 'waiting' })];
  await new Promise((resolve) => setTimeout(resolve, 500));
  await set.close();
  expect((await Promise.all(pending)).map((o) => (o.ok ? 'ok' : o.reason))).toEqual(['closed', 'closed']);
  expect(await set.run({ kind: 'echo', text: 'late' })).toMatchObject({ ok: false, reason: 'closed' });
});

test('When many tasks run past their deadline, Then threads do not pile up: memory stays flat', async () => {
  const set = threads({ deadlineMs: 50, threads: 2 });
  const round = () => Promise.all([1, 2, 3, 4].map(() => set.run({ kind: 'block', ms: 10_000 })));
  await round();
  const before = process.memoryUsage().rss;
  for (let i = 0; i < 4; i++) await round();
  // 16 threads terminated: here the process grows by about 8 MB; 16 threads kept, even bare ones, take 134 MB.
  expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
});

test('When a task module warms its thread up, Then the first task finds it warm and its deadline did not pay for the warming', async () => {
  const set = createThreads<typeof slowStart>({ module: fixture('slow-start'), threads: 1, maxQueue: 1, deadlineMs: WARM_MS / 3, memoryMb: 64 });
  try {
    await expect(valueOf(set.run(null))).resolves.toEqual({ warmed: true });
  } finally {
    await set.close();
  }
});
