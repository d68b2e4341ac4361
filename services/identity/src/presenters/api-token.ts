import { iso } from '@dp/http';
import type { ListedApiToken } from '../data/api-tokens';
import { tokenStatus } from '../domain/tokens';

/**
 * An API token as its owner (or staff) sees it: never the secret nor its hash. `revokedBy` is who revoked it (a
 * user id; null with `revokedAt` set: staff). Dates are null when they do not apply.
 */
export function presentApiToken(token: ListedApiToken, now = new Date()) {
  return {
    object: 'api-token' as const,
    id: token.id,
    label: token.label,
    status: tokenStatus(token, now),
    createdAt: iso(token.created_at)!,
    expiresAt: iso(token.expires_at) ?? null,
    revokedAt: iso(token.revoked_at) ?? null,
    revokedBy: token.revoked_by,
  };
}
