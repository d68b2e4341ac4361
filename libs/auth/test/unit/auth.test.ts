import { abilitiesOf, signAssertion, signServiceAssertion, verifyAssertion } from '../../src';

describe('roles', () => {
  test('When roles are ranked, Then each includes the abilities of those below', () => {
    expect(abilitiesOf('read')).toMatchObject({ view: true, comment: false, edit: false });
    expect(abilitiesOf('comment')).toMatchObject({ comment: true, edit: false });
    expect(abilitiesOf('edit')).toMatchObject({ edit: true, review: false, merge: false });
    expect(abilitiesOf('review')).toMatchObject({ review: true, merge: true, createContent: false });
    expect(abilitiesOf('create')).toMatchObject({ createContent: true, admin: false });
    expect(Object.values(abilitiesOf('admin')).every(Boolean)).toBe(true);
    expect(Object.values(abilitiesOf(undefined)).some(Boolean)).toBe(false);
  });
});

describe('caller assertion', () => {
  const caller = { userId: 'u1', staff: false, memberships: { o1: 'admin' as const } };
  test('When signed and verified with the same secret, Then the caller comes back', () => {
    expect(verifyAssertion(signAssertion(caller, 's3cret'), 's3cret')).toEqual({ ...caller, service: undefined, exp: expect.any(Number) });
  });
  test('When the caller is in more organizations than fit inline, Then the assertion names them without roles, far below the 16 KB header limit', () => {
    const memberships = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`organization-${i}`, 'read' as const]));
    const small = signAssertion({ ...caller, memberships: Object.fromEntries(Object.entries(memberships).slice(0, 50)) }, 's3cret');
    expect(Object.keys(verifyAssertion(small, 's3cret')!.memberships!)).toHaveLength(50);
    const token = signAssertion({ ...caller, memberships }, 's3cret');
    expect(token.length).toBeLessThan(512);
    expect(verifyAssertion(token, 's3cret')).toMatchObject({ userId: 'u1', memberships: undefined });
  });
  test('When a service signs for itself, Then the assertion names the service and no user or role', () => {
    expect(verifyAssertion(signServiceAssertion('gateway', 's3cret'), 's3cret')).toMatchObject({ service: 'gateway', userId: undefined, staff: false, memberships: {} });
  });
  test('When the secret differs, the payload is altered or it expired, Then it is rejected', () => {
    const token = signAssertion(caller, 's3cret');
    expect(verifyAssertion(token, 'other')).toBeUndefined();
    const [payload, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), staff: true })).toString('base64url');
    expect(verifyAssertion(`${forged}.${mac}`, 's3cret')).toBeUndefined();
    expect(verifyAssertion(signAssertion(caller, 's3cret', -1), 's3cret')).toBeUndefined();
    expect(verifyAssertion('garbage', 's3cret')).toBeUndefined();
    expect(verifyAssertion(undefined, 's3cret')).toBeUndefined();
  });
});
