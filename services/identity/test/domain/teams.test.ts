import { canManageTeamMembers, normalizeUserRef, planTeamMembersUpdate, teamMemberChange } from '../../src/domain/teams';

describe('who manages a team', () => {
  test.each([
    ['admin', false, true],
    ['admin', true, true],
    ['read', true, true],
    ['edit', false, false],
    [null, true, true],
    [undefined, false, false],
  ] as const)('When the organization role is %p and owner is %p, Then managing members is %p', (role, owner, expected) => {
    expect(canManageTeamMembers(role, owner)).toBe(expected);
  });
});

describe('members update plan', () => {
  test('When a user is both added and removed, Then they are removed, and emails compare case-insensitively', () => {
    const plan = planTeamMembersUpdate({ add: ['Bob@X.io', 'u1'], remove: ['bob@x.io'] });
    expect([...plan.remove]).toEqual(['bob@x.io']);
    expect([...plan.upsert]).toEqual([['u1', undefined]]);
  });

  test('When memberships name users, Then they are upserted with that role, unless removed', () => {
    const plan = planTeamMembersUpdate({ add: ['u1'], remove: ['u3'], memberships: { u1: { role: 'owner' }, u2: { role: 'member' }, u3: { role: 'owner' } } });
    expect(Object.fromEntries(plan.upsert)).toEqual({ u1: 'owner', u2: 'member' });
  });

  test('When the body is empty, Then nothing happens', () => {
    const plan = planTeamMembersUpdate({});
    expect(plan.upsert.size + plan.remove.size).toBe(0);
  });

  test('When refs are ids, Then they are kept as written', () => {
    expect(normalizeUserRef('AbC')).toBe('AbC');
    expect(normalizeUserRef('A@B.c')).toBe('a@b.c');
  });
});

describe('team member change', () => {
  test.each([
    [undefined, undefined, { kind: 'add', role: 'member' }],
    [undefined, 'owner', { kind: 'add', role: 'owner' }],
    ['member', undefined, { kind: 'none' }],
    ['member', 'member', { kind: 'none' }],
    ['member', 'owner', { kind: 'update', role: 'owner', previousRole: 'member' }],
  ] as const)('When the current role is %p and %p is wanted, Then the change is %p', (current, wanted, expected) => {
    expect(teamMemberChange(current, wanted)).toEqual(expected);
  });
});
