import { admittedWithoutSso, defaultInviteRole, joinOutcome, linkInviteRefusal, planEmailInvites, roleCovers } from '../../src/domain/invites';

describe('the role of plain emails', () => {
  test.each([
    [undefined, 'read', 'read'],
    [undefined, null, null],
    ['edit', null, 'edit'],
    [null, 'admin', null],
    [undefined, 'not-a-role', null],
  ] as const)('When the body says %p and the organization %p, Then plain emails get %p', (body, organization, expected) => {
    expect(defaultInviteRole(body, organization)).toBe(expected);
  });

  test('When emails come plain or with a role, Then plain ones take the default, emails are lower-cased and the last one wins', () => {
    const plan = planEmailInvites(['A@x.io', { email: 'b@x.io', role: 'admin' }, { email: 'C@x.io', role: null }, { email: 'a@X.io', role: 'edit' }], 'read');
    expect([...plan]).toEqual([
      ['a@x.io', 'edit'],
      ['b@x.io', 'admin'],
      ['c@x.io', null],
    ]);
  });
});

describe('SSO enforcement', () => {
  test.each([
    [false, 'read', true],
    [false, null, true],
    [true, 'admin', true],
    [true, 'create', false],
    [true, null, false],
  ] as const)('When SSO enforced is %p, Then a %p is admitted without it: %p', (sso, role, expected) => {
    expect(admittedWithoutSso(sso, role)).toBe(expected);
  });
});

describe('invite links', () => {
  test.each([
    [undefined, null, false],
    [null, null, true],
    [null, 'read', false],
    ['read', null, true],
    ['edit', 'edit', true],
    ['edit', 'review', false],
    ['admin', 'create', true],
  ] as const)('When someone holding %p looks at a %p link, Then it is redundant: %p', (current, wanted, expected) => {
    expect(roleCovers(current, wanted)).toBe(expected);
  });

  test('When someone joins, Then a stranger is added, a lower role is raised and a higher or equal one kept', () => {
    expect(joinOutcome(undefined, null)).toEqual({ kind: 'add', role: null });
    expect(joinOutcome(null, 'read')).toEqual({ kind: 'raise', role: 'read', previousRole: null });
    expect(joinOutcome('comment', 'edit')).toEqual({ kind: 'raise', role: 'edit', previousRole: 'comment' });
    expect(joinOutcome('admin', 'edit')).toEqual({ kind: 'keep' });
    expect(joinOutcome('read', null)).toEqual({ kind: 'keep' });
  });

  test('When links are off, Then they cannot be created or joined but can be updated; under SSO only admin links are made or joined', () => {
    const off = { invite_links: false, sso: false };
    expect(linkInviteRefusal(off, 'read', 'create')).toContain('inviteLinks: false');
    expect(linkInviteRefusal(off, 'read', 'join')).toContain('turned off');
    expect(linkInviteRefusal(off, 'read', 'update')).toBeUndefined();
    const sso = { invite_links: true, sso: true };
    expect(linkInviteRefusal(sso, 'admin', 'create')).toBeUndefined();
    expect(linkInviteRefusal(sso, 'admin', 'join')).toBeUndefined();
    expect(linkInviteRefusal(sso, 'edit', 'update')).toContain('enforces SSO');
    expect(linkInviteRefusal(sso, null, 'join')).toContain('identity provider');
    expect(linkInviteRefusal({ invite_links: true, sso: false }, null, 'join')).toBeUndefined();
  });
});
