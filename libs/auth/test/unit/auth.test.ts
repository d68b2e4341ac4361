import { abilitiesOf, can, organizationPermissions, signAssertion, spacePermissions, verifyAssertion } from '../../src';

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
  test('When permissions are advertised, Then they equal what can() enforces', () => {
    expect(organizationPermissions('create').createContent).toBe(can('create', 'createContent'));
    expect(spacePermissions('edit').edit).toBe(true);
    expect(spacePermissions('edit', { locked: true }).edit).toBe(false);
    expect(spacePermissions('comment').merge).toBe(false);
  });
});

describe('caller assertion', () => {
  const caller = { userId: 'u1', staff: false, memberships: { o1: 'admin' as const } };
  test('When signed and verified with the same secret, Then the caller comes back', () => {
    expect(verifyAssertion(signAssertion(caller, 's3cret'), 's3cret')).toEqual({ ...caller, service: undefined });
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
