import { cutOf, defaultLevelOf, defaultRoleOf, raisedRoles } from '../../src';

describe('what a user has on an object before grants (docs/adr/0101)', () => {
  const restricted = { level: null, createdBy: 'ann' } as const;
  const readers = { level: 'read', createdBy: 'ann' } as const;
  const editors = { level: 'edit', createdBy: 'ann' } as const;

  test('When every level inherits, Then a member has their organization role and a guest nothing', () => {
    expect(defaultRoleOf('edit', undefined, 'bob')).toBe('edit');
    expect(defaultRoleOf(undefined, undefined, 'bob')).toBeUndefined();
  });

  test('When a level names a role, Then every member but an admin has that role there, lower or higher than their own', () => {
    expect(defaultRoleOf('create', readers, 'bob')).toBe('read');
    expect(defaultRoleOf('read', editors, 'bob')).toBe('edit');
    expect(defaultRoleOf('admin', readers, 'bob')).toBe('admin');
    expect(defaultRoleOf(undefined, editors, 'bob')).toBeUndefined();
  });

  test('When a level says no access, Then only admins and the one who created the object keep their role', () => {
    expect(defaultRoleOf('create', restricted, 'bob')).toBeUndefined();
    expect(defaultRoleOf('create', restricted, 'ann')).toBe('create');
    expect(defaultRoleOf('admin', restricted, 'bob')).toBe('admin');
    expect(defaultRoleOf(undefined, restricted, 'ann')).toBeUndefined();
  });

  test('When grants reach the object, Then they raise what the default gives and never lower it', () => {
    const roleOf = raisedRoles((id) => defaultRoleOf('create', id === 'hidden' ? restricted : readers, 'bob'), [
      { id: 'hidden', role: 'comment' },
      { id: 'hidden', role: 'read' },
      { id: 'open', role: 'read' },
    ]);
    expect(roleOf('hidden')).toBe('comment');
    expect(roleOf('open')).toBe('read');
    expect(roleOf('other')).toBe('read');
  });

  test('When a level is stored, Then it reads as the official DefaultLevel, and only a role or null cuts inheritance', () => {
    expect(defaultLevelOf('inherit')).toBe('inherit');
    expect(defaultLevelOf(null)).toBeNull();
    expect(defaultLevelOf('review')).toBe('review');
    expect(cutOf('inherit', 'ann')).toBeUndefined();
    expect(cutOf(null, 'ann')).toEqual(restricted);
    expect(cutOf('read', 'ann')).toEqual(readers);
  });
});
