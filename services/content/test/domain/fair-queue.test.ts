import { FairQueue, QueueFull } from '../../src/pdf/fair-queue';

/** A job that runs until the test ends it, recording when it started. */
function gate(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    job: async () => {
      log.push(name);
      await ended;
      return name;
    },
    end: () => end(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue (PDF printing, docs/adr/0060)', () => {
  test('When one key queues many jobs and another key one, Then the other key’s job runs next, not after the whole backlog', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 10 });
    const started: string[] = [];
    const a = [1, 2, 3, 4].map((i) => gate(started, `a${i}`));
    const b = gate(started, 'b1');
    const done = [...a.map((g) => queue.run('org-a', g.job)), queue.run('org-b', b.job)];
    await settle();
    expect(started).toEqual(['a1']);
    a[0].end();
    await settle();
    expect(started).toEqual(['a1', 'b1']);
    b.end();
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    for (const g of a.slice(1)) g.end();
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
  });

  test('When keys have jobs waiting, Then freed slots go to them in turn (round-robin), first come first served within a key', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 10 });
    const started: string[] = [];
    const jobs = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1'].map((name) => ({ name, ...gate(started, name) }));
    const done = jobs.map((j) => queue.run(j.name[0], j.job));
    for (let i = 0; i < jobs.length; i++) {
      await settle();
      const running = jobs.find((j) => j.name === started[started.length - 1]);
      running?.end();
    }
    await Promise.all(done);
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  test('When more jobs than the concurrency are queued, Then at most that many run at once', async () => {
    const queue = new FairQueue({ concurrency: 2, perKey: 10 });
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    };
    await Promise.all(Array.from({ length: 9 }, (_, i) => queue.run(`org-${i % 3}`, job)));
    expect(most).toBe(2);
  });

  test('When one key has more jobs than half the slots, Then it runs at most half of them and another key’s job starts at once in the slot left', async () => {
    const queue = new FairQueue({ concurrency: 2, perKey: 10 });
    const started: string[] = [];
    const a = [1, 2, 3].map((i) => gate(started, `a${i}`));
    const done = a.map((g) => queue.run('org-a', g.job));
    await settle();
    expect(started).toEqual(['a1']);
    const b = queue.run('org-b', async () => 'b1');
    expect(await b).toBe('b1');
    for (const g of a) g.end();
    expect(await Promise.all(done)).toEqual(['a1', 'a2', 'a3']);
  });

  test('When a key holds its cap of running and waiting jobs, Then one more is refused at once with QueueFull; other keys are not, and the key may queue again once a job ends', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 2 });
    const started: string[] = [];
    const first = gate(started, 'a1');
    const second = gate(started, 'a2');
    const running = queue.run('a', first.job);
    const waiting = queue.run('a', second.job);
    await expect(queue.run('a', async () => 'a3')).rejects.toBeInstanceOf(QueueFull);
    expect(queue.heldBy('a')).toBe(2);
    const other = queue.run('b', async () => 'b1');
    first.end();
    await running;
    const again = queue.run('a', async () => 'a3');
    second.end();
    expect(await Promise.all([waiting, other, again])).toEqual(['a2', 'b1', 'a3']);
    expect(queue.heldBy('a')).toBe(0);
  });

  test('When a job fails, Then its caller gets the error and its slot goes to the next job', async () => {
    const queue = new FairQueue({ concurrency: 1, perKey: 5 });
    const failing = queue.run('a', async () => {
      throw new Error('chromium crashed');
    });
    const next = queue.run('a', async () => 'printed');
    await expect(failing).rejects.toThrow('chromium crashed');
    await expect(next).resolves.toBe('printed');
    expect(queue.heldBy('a')).toBe(0);
  });
});
