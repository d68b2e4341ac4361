import { linkOwnerProblem, linkRequiredMessage, newSamlLinkCode, SAML_LINK_CODE_PATTERN, samlLinkCodeTtlMinutes, samlSignInPlan } from '../../src/domain/saml-links';
import { signInSubject } from '../../src/domain/saml-sign-in';

describe('Who a SAML provider signs in (ADR 0056)', () => {
  test('When no account has the email, Then the provider creates it; a linked account signs in; any other existing account needs its owner to link it', () => {
    const user = { id: 'u1' };
    expect(samlSignInPlan(undefined, false)).toEqual({ kind: 'create' });
    expect(samlSignInPlan(user, true)).toEqual({ kind: 'sign-in', user });
    expect(samlSignInPlan(user, false)).toEqual({ kind: 'link-required', user });
  });

  test('When a link code is made, Then it is random, fits the pattern the confirmation accepts, and the refusal names it, the operation and its lifetime', () => {
    const code = newSamlLinkCode();
    expect(code).toMatch(new RegExp(SAML_LINK_CODE_PATTERN));
    expect(newSamlLinkCode()).not.toBe(code);
    const message = linkRequiredMessage(code, 15);
    expect(message).toContain('POST /v1/user/saml-links');
    expect(message).toContain(code);
    expect(message).toContain('15 minutes');
  });

  test('When a user confirms a code, Then only the account of the asserted email may (case-insensitive)', () => {
    expect(linkOwnerProblem('Ada@Example.com', 'ada@example.com')).toBeUndefined();
    expect(linkOwnerProblem('ada@example.com', 'eve@example.com')).toMatch(/another account/);
  });

  test('When the lifetime is configured out of range, Then it stays within a minute and a day', () => {
    expect(samlLinkCodeTtlMinutes(15)).toBe(15);
    expect(samlLinkCodeTtlMinutes(0)).toBe(1);
    expect(samlLinkCodeTtlMinutes(-5)).toBe(1);
    expect(samlLinkCodeTtlMinutes(100_000)).toBe(1440);
  });

  test('When an assertion names its subject, Then the link records the NameID, else the email, and refuses an absurdly long one', () => {
    expect(signInSubject(' opaque-42 ', 'a@example.com')).toEqual({ subject: 'opaque-42' });
    expect(signInSubject(undefined, 'a@example.com')).toEqual({ subject: 'a@example.com' });
    expect(signInSubject('x'.repeat(2000), 'a@example.com')).toEqual({ problem: expect.stringMatching(/NameID is longer/) });
  });
});
