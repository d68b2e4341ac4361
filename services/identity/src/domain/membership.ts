import type { Role } from '@dp/auth';

/** An organization always keeps at least one admin: the last one can neither leave nor be demoted. */
export function wouldLoseLastAdmin(currentRole: Role | null, nextRole: Role | null | undefined, adminCount: number): boolean {
  return currentRole === 'admin' && nextRole !== 'admin' && adminCount <= 1;
}
