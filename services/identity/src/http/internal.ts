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

function isAdminToken(token: string, adminToken: string): boolean {
  const a = Buffer.from(token);
  const b = Buffer.from(adminToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Internal: the gateway resolves a bearer token to a principal (user and role per organization) on every
 * request, so a removed member or a lowered role takes effect on the very next call in every service.
 */
export function internalRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.post('/internal/principal', requireServiceCaller, validate({ body: principalBody }), async (req, res) => {
    const { token } = req.body as { token: string };
    if (isAdminToken(token, ctx.config.ADMIN_TOKEN)) {
      res.json({ staff: true, memberships: {} });
      return;
    }
    const principal = await findPrincipalByTokenHash(ctx.db, hashToken(token));
    if (!principal) throw unauthorized('The API token is not valid');
    res.json({ userId: principal.userId, staff: false, memberships: principal.memberships });
  });
  return router;
}
