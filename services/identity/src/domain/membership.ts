import type { Role } from '@dp/auth';

/** An organization always keeps at least one admin: the last one can neither leave nor be demoted. */
export function wouldLoseLastAdmin(currentRole: Role | null, nextRole: Role | null | undefined, adminCount: number): boolean {
  return currentRole === 'admin' && nextRole !== 'admin' && adminCount <= 1;
}

/** Invites name users by email, alone or with their own role; the default role applies to plain emails. */
export function normalizeInvites(emails: Array<string | { email: string; role: Role }>, defaultRole: Role): Map<string, Role> {
  const out = new Map<string, Role>();
  for (const entry of emails) {
    if (typeof entry === 'string') out.set(entry.toLowerCase(), defaultRole);
    else out.set(entry.email.toLowerCase(), entry.role);
  }
  return out;
}
