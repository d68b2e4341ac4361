import { can } from '@dp/auth';
import { organizationPermissions, spacePermissions } from '../../src';

describe('permissions of the shapes several contexts present', () => {
  test('When permissions are advertised, Then they equal what can() enforces', () => {
    expect(organizationPermissions('create').createContent).toBe(can('create', 'createContent'));
    expect(organizationPermissions('create').admin).toBe(can('create', 'admin'));
    expect(spacePermissions('edit').edit).toBe(can('edit', 'edit'));
    expect(spacePermissions('comment').merge).toBe(can('comment', 'merge'));
  });
  test('When the space is locked, Then edits and merges are not advertised, whatever the role', () => {
    expect(spacePermissions('admin', { locked: true })).toMatchObject({ edit: false, merge: false, triggerGitSync: false, admin: true });
  });
  test('When the caller is no member, Then nothing is advertised', () => {
    expect(Object.values(spacePermissions(undefined)).some(Boolean)).toBe(false);
    expect(Object.values(organizationPermissions(undefined)).some(Boolean)).toBe(false);
  });
});
