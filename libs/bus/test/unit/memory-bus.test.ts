import { envelope } from '@dp/events';
import { InProcessBus } from '../../src/memory-bus';

const event = (type: string, n: number) => envelope(type, { n }, { source: '/test' });
const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('in-process bus', () => {
  test('When events are published, Then each bound queue gets its own copy, in order', async () => {
    const bus = new InProcessBus();
    const a: number[] = [];
    const b: number[] = [];
    await bus.subscribe({ queue: 'a', bindings: ['content.space.*'], handle: async (e) => void a.push((e.data as { n: number }).n) });
    await bus.subscribe({ queue: 'b', bindings: ['content.space.deleted'], handle: async (e) => void b.push((e.data as { n: number }).n) });
    await bus.publish([event('content.space.deleted', 1), event('content.space.created', 2), event('identity.user.created', 3)]);
    await waitFor(() => a.length === 2 && b.length === 1);
    expect(a).toEqual([1, 2]);
    expect(b).toEqual([1]);
    await bus.close();
  });

  test('When a handler always fails, Then it is retried with backoff up to the limit and parked with its error', async () => {
    const bus = new InProcessBus();
    const attempts: number[] = [];
    const ok: number[] = [];
    await bus.subscribe({
      queue: 'q',
      bindings: ['#'],
      retry: { maxAttempts: 3, backoffMs: () => 5 },
      handle: async (e, { attempt }) => {
        if (e.type === 'bad.thing.happened') {
          attempts.push(attempt);
          throw new Error('boom');
        }
        ok.push((e.data as { n: number }).n);
      },
    });
    await bus.publish([event('bad.thing.happened', 0), event('good.thing.happened', 1)]);
    // Parking is the readiness signal (it follows the last failure, and nothing is retried after it): drain
    // until the event is there rather than waiting a fixed time.
    const parked: Awaited<ReturnType<InProcessBus['drainDeadLetters']>> = [];
    for (let i = 0; i < 200 && parked.length === 0; i++) {
      parked.push(...(await bus.drainDeadLetters('q')));
      if (parked.length === 0) await new Promise((r) => setTimeout(r, 10));
    }
    expect(attempts).toEqual([1, 2, 3]);
    expect(ok).toEqual([1]);
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ error: 'boom', attempts: 3, event: { type: 'bad.thing.happened' } });
    await bus.close();
  });
});

describe('in-process bus broadcast', () => {
  test('When events are published, Then every broadcast subscription hears the matching ones, and a failing handler does not stop the others', async () => {
    const bus = new InProcessBus();
    const a: string[] = [];
    const b: string[] = [];
    const states: boolean[] = [];
    await bus.broadcast({ bindings: ['identity.member.*'], handle: (e) => void a.push(e.type), onListening: (l) => void states.push(l) });
    await bus.broadcast({ bindings: ['identity.#'], handle: (e) => {
      b.push(e.type);
      throw new Error('boom');
    } });
    await bus.publish([event('identity.member.removed', 1), event('content.space.created', 2), event('identity.user.created', 3)]);
    await waitFor(() => a.length === 1 && b.length === 2);
    expect(a).toEqual(['identity.member.removed']);
    expect(b).toEqual(['identity.member.removed', 'identity.user.created']);
    expect(states).toEqual([true]);
    await bus.close();
  });
});
