import { verifyAssertion, type Caller, type Role } from '@dp/auth';
import { InProcessBus } from '@dp/bus';
import { envelope } from '@dp/events';
import { PrincipalCache } from '../../src/principal-cache';

/**
 * The gateway's principal cache on the in-process bus (the same broadcast semantics as RabbitMQ's, tested in
 * libs/bus): what is fetched, kept, evicted and when it is not kept at all.
 */
const SECRET = 'principal-cache-test';
const principals: Record<string, Caller> = {
  h1: { userId: 'u1', staff: false, memberships: { o1: 'admin' } },
  h1b: { userId: 'u1', staff: false, memberships: { o1: 'admin' } },
  h2: { userId: 'u2', staff: false, memberships: { o2: 'read' } },
  h3: { userId: 'u3', staff: false, memberships: { o2: 'read' }, teams: ['t-support'] },
};

function setup(opts: { ttlMs?: number; delayMs?: number } = {}) {
  const fetched: string[] = [];
  const cache = new PrincipalCache({
    secret: SECRET,
    ttlMs: opts.ttlMs ?? 60_000,
    fetch: async (hash) => {
      fetched.push(hash);
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      return principals[hash] && structuredClone(principals[hash]);
    },
  });
  return { cache, fetched };
}

const event = (type: string, data: object) => envelope(type, data, { source: '/identity' });
const settle = () => new Promise((r) => setTimeout(r, 20));

describe('principal cache', () => {
  test('When a token is resolved twice while listening, Then identity is asked once and the same signed assertion is reused', async () => {
    const { cache, fetched } = setup();
    cache.setListening(true);
    const first = await cache.resolve('h1');
    const second = await cache.resolve('h1');
    expect(fetched).toEqual(['h1']);
    expect(second!.assertion).toBe(first!.assertion);
    expect(verifyAssertion(first!.assertion, SECRET)).toMatchObject({ userId: 'u1', memberships: { o1: 'admin' } });
  });

  test('When concurrent requests miss on one token, Then they share one fetch', async () => {
    const { cache, fetched } = setup({ delayMs: 20 });
    cache.setListening(true);
    await Promise.all([cache.resolve('h1'), cache.resolve('h1'), cache.resolve('h1')]);
    expect(fetched).toEqual(['h1']);
  });

  test('When the token is unknown, Then it resolves to nothing and nothing is kept', async () => {
    const { cache, fetched } = setup();
    cache.setListening(true);
    expect(await cache.resolve('nope')).toBeUndefined();
    expect(await cache.resolve('nope')).toBeUndefined();
    expect(fetched).toEqual(['nope', 'nope']);
  });

  test('When the bus is not listening, Then nothing is kept; when it stops listening, Then the cache is flushed', async () => {
    const { cache, fetched } = setup();
    await cache.resolve('h1');
    await cache.resolve('h1');
    expect(fetched).toEqual(['h1', 'h1']);
    cache.setListening(true);
    await cache.resolve('h1');
    expect(cache.size).toBe(1);
    cache.setListening(false);
    expect(cache.size).toBe(0);
  });

  test("When identity's events arrive on the bus, Then the entries of the user they name are evicted (every token of theirs), and no one else's", async () => {
    const bus = new InProcessBus();
    const { cache, fetched } = setup();
    await cache.listen(bus);
    for (const hash of ['h1', 'h1b', 'h2']) await cache.resolve(hash);
    for (const type of ['identity.member.removed', 'identity.member.updated', 'identity.member.added', 'identity.token.revoked']) {
      await bus.publish([event(type, { organizationId: 'o1', userId: 'u1', role: 'read', previousRole: 'admin' })]);
      await settle();
      expect({ type, size: cache.size }).toEqual({ type, size: 1 });
      for (const hash of ['h1', 'h1b']) await cache.resolve(hash);
    }
    expect(fetched.filter((h) => h === 'h2')).toEqual(['h2']);
    expect(fetched.filter((h) => h === 'h1')).toHaveLength(5);
    await bus.close();
  });

  test('When an organization is deleted, Then its members are evicted', async () => {
    const bus = new InProcessBus();
    const { cache } = setup();
    await cache.listen(bus);
    for (const hash of ['h1', 'h2']) await cache.resolve(hash);
    await bus.publish([event('identity.organization.deleted', { organizationId: 'o2' })]);
    await settle();
    expect(cache.size).toBe(1);
    await bus.close();
  });

  test('When a user joins or leaves a team, Then their entries go; when a team is deleted, Then its members\' entries go and no one else\'s', async () => {
    const bus = new InProcessBus();
    const { cache, fetched } = setup();
    await cache.listen(bus);
    for (const hash of ['h1', 'h2', 'h3']) await cache.resolve(hash);
    expect(verifyAssertion((await cache.resolve('h3'))?.assertion, SECRET)?.teams).toEqual(['t-support']);
    for (const type of ['identity.team-member.added', 'identity.team-member.removed']) {
      await bus.publish([event(type, { organizationId: 'o2', teamId: 't-other', userId: 'u2', role: 'member' })]);
      await settle();
      expect({ type, size: cache.size }).toEqual({ type, size: 2 });
      await cache.resolve('h2');
    }
    await bus.publish([event('identity.team.deleted', { organizationId: 'o2', teamId: 't-support' })]);
    await settle();
    expect(cache.size).toBe(2);
    await cache.resolve('h3');
    expect(fetched).toEqual(['h1', 'h2', 'h3', 'h2', 'h2', 'h3']);
    await bus.close();
  });

  test('When an eviction happens while a fetch is under way, Then what that fetch read is used once but not kept', async () => {
    const { cache, fetched } = setup({ delayMs: 30 });
    cache.setListening(true);
    const pending = cache.resolve('h1');
    await new Promise((r) => setTimeout(r, 5));
    cache.evictUser('u1');
    expect(await pending).toBeDefined();
    expect(cache.size).toBe(0);
    await cache.resolve('h1');
    expect(fetched).toEqual(['h1', 'h1']);
  });

  test("When the caller's own token is evicted (their write to identity), Then the next request asks identity again", async () => {
    const { cache, fetched } = setup();
    cache.setListening(true);
    await cache.resolve('h1');
    cache.evictToken('h1');
    await cache.resolve('h1');
    expect(fetched).toEqual(['h1', 'h1']);
  });

  test('When the TTL passes without any event, Then identity is asked again', async () => {
    const { cache, fetched } = setup({ ttlMs: 30 });
    cache.setListening(true);
    await cache.resolve('h1');
    await new Promise((r) => setTimeout(r, 60));
    await cache.resolve('h1');
    expect(fetched).toEqual(['h1', 'h1']);
  });

  test('When identity says the token expires before the TTL, Then the entry is kept only until then, and an expired answer is not used at all', async () => {
    let expiresAt = Date.now() + 40;
    const fetched: string[] = [];
    const cache = new PrincipalCache({
      secret: SECRET,
      ttlMs: 60_000,
      fetch: async (hash) => {
        fetched.push(hash);
        return { ...structuredClone(principals.h1), expiresAt };
      },
    });
    cache.setListening(true);
    expect(await cache.resolve('h1')).toBeDefined();
    expect(await cache.resolve('h1')).toBeDefined();
    expect(fetched).toEqual(['h1']);
    await new Promise((r) => setTimeout(r, 60));
    // Past the expiry identity is asked again; an answer whose expiry has passed by the time it arrives is refused, not kept.
    expiresAt = Date.now() - 1;
    expect(await cache.resolve('h1')).toBeUndefined();
    expect(await cache.resolve('h1')).toBeUndefined();
    expect(fetched).toEqual(['h1', 'h1', 'h1']);
  });

  test('When a user belongs to 5,000 organizations, Then the assertion names them without their roles and stays under 1 KB', async () => {
    const memberships: Record<string, Role> = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`org-${String(i).padStart(6, '0')}`, 'read' as Role]));
    const cache = new PrincipalCache({ secret: SECRET, ttlMs: 60_000, fetch: async () => ({ userId: 'many', staff: false, memberships }) });
    const { assertion } = (await cache.resolve('h'))!;
    expect(assertion.length).toBeLessThan(1024);
    expect(verifyAssertion(assertion, SECRET)).toMatchObject({ userId: 'many', memberships: undefined });
  });
});
