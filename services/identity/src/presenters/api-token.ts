import { iso } from '@dp/http';
import type { ListedApiToken } from '../data/api-tokens';
import { tokenStatus } from '../domain/tokens';
import type { ApiToken } from '../schemas/tokens';

/** An API token as its owner (or staff) sees it (schemas/tokens.ts `apiTokenSchema`): never the secret nor its hash. */
export function presentApiToken(token: ListedApiToken, now = new Date()): ApiToken {
  return {
    object: 'api-token',
    id: token.id,
    label: token.label,
    status: tokenStatus(token, now),
    createdAt: iso(token.created_at)!,
    expiresAt: iso(token.expires_at) ?? null,
    revokedAt: iso(token.revoked_at) ?? null,
    revokedBy: token.revoked_by,
  };
}
