import { signAssertion } from '@dp/auth';
export { apiClient } from '@dp/testing';

export function signAssertionForTest(secret: string, extra: object = {}): string {
  return signAssertion({ userId: 'someone', staff: false, memberships: {}, ...extra }, secret);
}
