import { EventEmitter } from 'node:events';
import type { Caller } from '@dp/auth';
import { SpaceReadCache, type SpaceRead } from '../../src/queries/space-reads';

/** The GET-of-a-space cache's rules (docs/adr/0113), without a database: when a read is kept, and when it is not. */
const caller = (userId: string): Caller => ({ userId, staff: false, memberships: { org: 'admin' } });
const readOf = (title: string): SpaceRead => ({ space: { id: 's1', title } as SpaceRead['space'], counts: { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 }, role: 'admin' });

describe('SpaceReadCache', () => {
  test('When a space is read twice by one caller, Then the second read is the kept one; another caller loads their own', async () => {
    const cache = new SpaceReadCache(1 << 20, () => true);
    let loads = 0;
    const load = async () => readOf(`v${++loads}`);
    expect((await cache.read('s1', caller('u1'), load)).space.title).toBe('v1');
    expect((await cache.read('s1', caller('u1'), load)).space.title).toBe('v1');
    expect((await cache.read('s1', caller('u2'), load)).space.title).toBe('v2');
    expect(loads).toBe(2);
  });

  test('When the cache is emptied while a read loads, Then that read is answered but not kept', async () => {
    const cache = new SpaceReadCache(1 << 20, () => true);
    const who = caller('u1');
    let release!: () => void;
    const slow = cache.read('s1', who, () => new Promise<SpaceRead>((resolve) => (release = () => resolve(readOf('old')))));
    cache.empty();
    release();
    expect((await slow).space.title).toBe('old');
    expect((await cache.read('s1', who, async () => readOf('new'))).space.title).toBe('new');
  });

  test('When the process does not hear the notifications, Then nothing is kept', async () => {
    let listening = false;
    const cache = new SpaceReadCache(1 << 20, () => listening);
    await cache.read('s1', caller('u1'), async () => readOf('a'));
    expect(cache.size).toBe(0);
    listening = true;
    await cache.read('s1', caller('u1'), async () => readOf('a'));
    expect(cache.size).toBe(1);
  });

  test('When a write runs, Then the cache empties, keeps nothing until it ends, and empties again when it ends', async () => {
    const cache = new SpaceReadCache(1 << 20, () => true);
    const who = caller('u1');
    await cache.read('s1', who, async () => readOf('before'));
    const res = new EventEmitter();
    let nexted = false;
    cache.emptiedByWrites()({ method: 'PATCH' } as never, res as never, () => (nexted = true));
    expect(nexted).toBe(true);
    expect(cache.size).toBe(0);
    await cache.read('s1', who, async () => readOf('during'));
    expect(cache.size).toBe(0);
    res.emit('finish');
    res.emit('close');
    await cache.read('s1', who, async () => readOf('after'));
    expect((await cache.read('s1', who, async () => readOf('later'))).space.title).toBe('after');
    // A GET is no write: it empties nothing.
    cache.emptiedByWrites()({ method: 'GET' } as never, res as never, () => undefined);
    expect(cache.size).toBe(1);
  });

  test('When reads weigh more than the bound, Then the oldest go', async () => {
    const cache = new SpaceReadCache(4096, () => true);
    for (let i = 0; i < 20; i++) await cache.read(`s${i}`, caller('u1'), async () => readOf('x'.repeat(300)));
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(20);
    let loaded = false;
    await cache.read('s0', caller('u1'), async () => ((loaded = true), readOf('again')));
    expect(loaded).toBe(true);
  });
});
