import { Router } from 'express';
import { requireService, requireUser, CALLER_MEMBERSHIPS_PATH } from '@dp/auth';
import { notFound, validate } from '@dp/http';
import type { IdentityContext } from '../context';
import { principalForTokenHash } from '../data/principals';
import { presentMemberships, presentPrincipal } from '../presenters/principal';
import { principalBody } from '../schemas/internal';

/**
 * Internal endpoints, not routed by the gateway (docs/adr/0021, 0022). Identity alone reads its tables: the
 * gateway fills its principal cache here, and services read the roles of a caller in too many organizations
 * for the assertion to carry them.
 */
export function internalRouter(ctx: IdentityContext): Router {
  const router = Router();

  // Only the gateway's own service assertion: a token hash is as good as a token to whoever can resolve it.
  router.post('/internal/principals', requireService('gateway'), validate({ body: principalBody }), async (req, res) => {
    const principal = await principalForTokenHash(ctx.db, req.body.tokenHash as string);
    if (!principal) throw notFound('Principal');
    res.json(presentPrincipal(principal));
  });

  // The caller's own assertion: requireCaller has already read their roles (from this service's tables).
  router.get(CALLER_MEMBERSHIPS_PATH, (req, res) => {
    requireUser(req.caller);
    res.json(presentMemberships(req.caller.memberships));
  });

  return router;
}
