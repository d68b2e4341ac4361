import { afterAttempt, retryDelayMs } from '../../src/domain/delivery-schedule';
import { withinConcurrency } from '../../src/domain/delivery-concurrency';
import { deliveryTarget } from '../../src/domain/delivery-target';
import { signatureOf, verifySignature } from '../../src/domain/event-signature';
import { attemptMessage } from '../../src/commands/deliver-event';

const policy = { maxAttempts: 4, baseMs: 1000, maxMs: 5000 };

describe('retry schedule', () => {
  test('When attempts fail, Then each delay doubles up to the cap, drawn between half and all of it', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([500, 1000, 2000, 2500, 2500]);
    expect(retryDelayMs(2, policy, () => 0.5)).toBe(1500);
  });

  test('When an attempt ends, Then success delivers, a failure is retried until the last attempt, which fails the event', () => {
    expect(afterAttempt(true, 3, policy)).toEqual({ status: 'success' });
    expect(afterAttempt(false, 1, policy, () => 1)).toEqual({ status: 'pending', retryInMs: 1000 });
    expect(afterAttempt(false, 3, policy, () => 1)).toEqual({ status: 'pending', retryInMs: 4000 });
    expect(afterAttempt(false, 4, policy)).toEqual({ status: 'failed' });
    expect(afterAttempt(true, 4, policy)).toEqual({ status: 'success' });
  });
});

describe('delivery concurrency', () => {
  const due = (pairs: Array<[string, string]>) => pairs.map(([id, integration_id]) => ({ id, integration_id }));

  test('When one integration has many due events, Then it gets its share and the others are taken after it, oldest first', () => {
    const events = due([['a1', 'A'], ['a2', 'A'], ['a3', 'A'], ['b1', 'B'], ['c1', 'C']]);
    expect(withinConcurrency(events, { free: 10, perIntegration: 2, busy: new Map() })).toEqual(['a1', 'a2', 'b1', 'c1']);
  });

  test('When an integration already has events in flight, Then they count against its share; and never more than the free slots', () => {
    const events = due([['a1', 'A'], ['b1', 'B'], ['b2', 'B'], ['c1', 'C']]);
    expect(withinConcurrency(events, { free: 10, perIntegration: 2, busy: new Map([['A', 2], ['B', 1]]) })).toEqual(['b1', 'c1']);
    expect(withinConcurrency(events, { free: 1, perIntegration: 2, busy: new Map() })).toEqual(['a1']);
    expect(withinConcurrency(events, { free: 0, perIntegration: 2, busy: new Map() })).toEqual([]);
  });
});

describe('delivery target', () => {
  const integration = { organizationId: 'owner', devTunnelUrl: 'https://tunnel.example', devAll: false };

  test('When development mode is on, Then calls about the owner organization go to the tunnel, others to the script unless all', () => {
    expect(deliveryTarget(integration, 'owner')).toEqual({ kind: 'tunnel', url: 'https://tunnel.example' });
    expect(deliveryTarget(integration, 'customer')).toEqual({ kind: 'script' });
    expect(deliveryTarget(integration, undefined)).toEqual({ kind: 'script' });
    expect(deliveryTarget({ ...integration, devAll: true }, 'customer')).toEqual({ kind: 'tunnel', url: 'https://tunnel.example' });
  });

  test('When development mode is off, Then every call goes to the script', () => {
    expect(deliveryTarget({ ...integration, devTunnelUrl: null, devAll: true }, 'owner')).toEqual({ kind: 'script' });
  });
});

describe('event signature', () => {
  const secret = 'a'.repeat(64);
  const body = Buffer.from('--boundary\r\nevent\r\n--boundary--');

  test('When a body is signed, Then the header is t=<seconds>,v1=<HMAC-SHA256 hex of "t.body">, and it verifies', () => {
    const header = signatureOf(secret, body, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(header).toBe(signatureOf(secret, body.toString(), 1_700_000_000));
    expect(verifySignature(header, body, secret, 1_700_000_100)).toBe(true);
  });

  test('When the body, the secret, the time or the header is off, Then it does not verify', () => {
    const header = signatureOf(secret, body, 1_700_000_000);
    expect(verifySignature(header, Buffer.from('other'), secret, 1_700_000_000)).toBe(false);
    expect(verifySignature(header, body, 'b'.repeat(64), 1_700_000_000)).toBe(false);
    expect(verifySignature(header, body, secret, 1_700_000_000 + 301)).toBe(false);
    expect(verifySignature(header.replace('t=1700000000', 't=1700000001'), body, secret, 1_700_000_000)).toBe(false);
    expect(verifySignature(undefined, body, secret, 1_700_000_000)).toBe(false);
    expect(verifySignature('t=1,v1=zz', body, secret, 1)).toBe(false);
  });
});

describe('attempt trace entry', () => {
  test('When an attempt ends, Then its entry says where it went, what came back, how long it took and what comes next', () => {
    const ok = { answered: true as const, status: 200, contentType: 'text/plain', cacheControl: undefined, body: Buffer.from('ok') };
    expect(attemptMessage(1, { kind: 'script' }, ok, 12, { status: 'success' })).toBe('attempt 1 to the script: HTTP 200 in 12 ms; delivered');
    const failed = { answered: true as const, status: 500, contentType: 'text/plain', cacheControl: undefined, body: Buffer.from('boom\n  at line 1') };
    expect(attemptMessage(2, { kind: 'tunnel', url: 'https://t.example/x' }, failed, 40, { status: 'pending', retryInMs: 1500 })).toBe(
      'attempt 2 to the development tunnel https://t.example/x: HTTP 500: boom at line 1 in 40 ms; next attempt in 2 s',
    );
    const timedOut = { answered: false as const, reason: 'TIMEOUT' as const, message: 'the integration script did not answer within 1000 ms' };
    expect(attemptMessage(3, { kind: 'script' }, timedOut, 1001, { status: 'failed' })).toBe('attempt 3 to the script: the integration script did not answer within 1000 ms in 1001 ms; no attempt left: failed');
  });
});
