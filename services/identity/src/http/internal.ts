import { Router } from 'express';
import { requireServiceCaller } from '@dp/auth';
import { unauthorized, validate } from '@dp/http';
import { timingSafeEqual } from 'node:crypto';
import type { IdentityContext } from '../context';
import { findPrincipalByTokenHash } from '../data/api-tokens';
import { hashToken } from '../domain/tokens';

const principalBody = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 512 } },
  required: ['token'],
  additionalProperties: false,
} as const;

/** Constant-time comparison with the staff token (whose bytes are computed once, not per request). */
function adminTokenMatcher(adminToken: string): (token: string) => boolean {
  const admin = Buffer.from(adminToken);
  return (token) => Buffer.byteLength(token) === admin.length && timingSafeEqual(Buffer.from(token), admin);
}

/**
 * Internal: the gateway resolves a bearer token to a principal (user and role per organization) on every
 * request, so a removed member or a lowered role takes effect on the very next call in every service.
 */
export function internalRouter(ctx: IdentityContext): Router {
  const router = Router();
  const isAdminToken = adminTokenMatcher(ctx.config.ADMIN_TOKEN);
  router.post('/internal/principal', requireServiceCaller, validate({ body: principalBody }), async (req, res) => {
    const { token } = req.body as { token: string };
    if (isAdminToken(token)) {
      res.json({ staff: true, memberships: {} });
      return;
    }
    const principal = await findPrincipalByTokenHash(ctx.db, hashToken(token));
    if (!principal) throw unauthorized('The API token is not valid');
    res.json({ userId: principal.userId, staff: false, memberships: principal.memberships });
  });
  return router;
}
