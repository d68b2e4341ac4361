import { randomBytes } from 'node:crypto';

/**
 * Who a SAML provider may sign in (docs/adr/0056). A provider's identity provider is whoever configured it: any
 * user can create an organization and a provider with their own key, and so assert any email. It signs in only
 * a user it creates (an email no account has yet) or a user linked to it; an existing account is linked only
 * by its owner, who confirms a link code with their own token. Pure: the rows come from the sign-in's transaction.
 */
export type SamlSignInPlan<User> = { kind: 'create' } | { kind: 'sign-in'; user: User } | { kind: 'link-required'; user: User };

/** What a verified assertion does, given the account with its email (if any) and whether it is linked to the provider. */
export function samlSignInPlan<User>(existing: User | undefined, linkedToProvider: boolean): SamlSignInPlan<User> {
  if (existing === undefined) return { kind: 'create' };
  return linkedToProvider ? { kind: 'sign-in', user: existing } : { kind: 'link-required', user: existing };
}

/** A link code: 32 random bytes (beyond guessing; stored only as its hash), prefixed so it is recognisable. */
export const newSamlLinkCode = (): string => `dpl_${randomBytes(32).toString('base64url')}`;

/** The shape `newSamlLinkCode` makes: anything else is refused before a lookup. */
export const SAML_LINK_CODE_PATTERN = '^dpl_[A-Za-z0-9_-]{43}$';

/** A link code's lifetime from SAML_LINK_CODE_TTL_MINUTES, kept within a minute and a day whatever is configured. */
export const samlLinkCodeTtlMinutes = (configured: number): number => Math.min(Math.max(configured, 1), 1440);

/** What the ACS answers an existing account it may not sign in: why, and how its owner links it. */
export function linkRequiredMessage(code: string, ttlMinutes: number): string {
  return (
    'An account with this email already exists and is not linked to this SAML provider, so the provider cannot sign it in. ' +
    `If it is your account, link it: sign in with your own API token and call POST /v1/user/saml-links with {"code": "${code}"} ` +
    `within ${ttlMinutes} minutes (the code works once), then sign in through the provider again.`
  );
}

/**
 * Whether `userEmail` (the caller's account) may confirm a code asserted for `codeEmail`: only the account of
 * that very email (case-insensitive, as users are looked up). Returns the refusal, or undefined.
 */
export function linkOwnerProblem(codeEmail: string, userEmail: string): string | undefined {
  if (codeEmail.toLowerCase() === userEmail.toLowerCase()) return undefined;
  return 'This link code was issued for another account: only the owner of the email the identity provider asserted can confirm it';
}
