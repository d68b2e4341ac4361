import { wouldLoseLastAdmin } from '../../src/domain/membership';
import { hashApiToken as hashToken } from '@dp/auth';
import { newApiToken } from '../../src/domain/tokens';

describe('last admin rule', () => {
  test.each([
    ['admin', 'read', 1, true],
    ['admin', undefined, 1, true],
    ['admin', 'read', 2, false],
    ['admin', 'admin', 1, false],
    ['edit', 'read', 1, false],
  ] as const)('When a %s becomes %p with %p admins, Then losing the last admin is %p', (from, to, admins, expected) => {
    expect(wouldLoseLastAdmin(from, to, admins)).toBe(expected);
  });
});

describe('tokens', () => {
  test('When tokens are minted, Then they are distinct and only their hash is stable', () => {
    const a = newApiToken();
    const b = newApiToken();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^dp_[A-Za-z0-9_-]{43}$/);
    expect(hashToken(a)).toBe(hashToken(a));
    expect(hashToken(a)).not.toContain(a);
  });
});
