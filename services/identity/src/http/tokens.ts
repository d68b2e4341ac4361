import { Router } from 'express';
import { requireStaff, requireUser } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { listApiTokensOfUser } from '../data/api-tokens';
import { findUser } from '../data/users';
import { createApiToken } from '../commands/create-api-token';
import { revokeToken } from '../commands/revoke-api-token';
import { presentApiToken } from '../presenters/api-token';
import { createdTokenResponses, createTokenBody, listTokensQuery, tokenListResponses, tokenParams, userTokensParams } from '../schemas/tokens';

/**
 * API tokens (ours: GitBook has no such operation; docs/guides/api-tokens.md, docs/adr/0037). A user lists, creates and
 * revokes their own; staff list and revoke anyone's. Revocation is 205, and 204 when there was nothing to revoke.
 */
export function tokensRouter(ctx: IdentityContext): Router {
  const router = Router();

  router.get('/v1/user/tokens', ...route({ query: listTokensQuery, responses: tokenListResponses }).handle(async (req, res) => {
    const page = await listApiTokensOfUser(ctx.db, requireUser(req.caller), req.query);
    const now = new Date();
    res.json(presentPage(page, (token) => presentApiToken(token, now)));
  }));

  router.post('/v1/user/tokens', ...route({ body: createTokenBody, responses: createdTokenResponses }).handle(async (req, res) => {
    const { token, secret } = await createApiToken(ctx, requireUser(req.caller), req.body);
    res.status(201).json({ token: presentApiToken(token), secret });
  }));

  // Another user's token id answers 204 like an unknown one: the id reveals nothing.
  router.delete('/v1/user/tokens/:tokenId', ...route({ params: tokenParams }).handle(async (req, res) => {
    const userId = requireUser(req.caller);
    const revoked = await revokeToken(ctx, req.params.tokenId, { revokedBy: userId, ownerId: userId });
    res.status(revoked ? 205 : 204).end();
  }));

  router.get('/v1/admin/users/:userId/tokens', requireStaff, ...route({ params: userTokensParams, query: listTokensQuery, responses: tokenListResponses }).handle(async (req, res) => {
    if (!(await findUser(ctx.db, req.params.userId))) throw notFound('User');
    const page = await listApiTokensOfUser(ctx.db, req.params.userId, req.query);
    const now = new Date();
    res.json(presentPage(page, (token) => presentApiToken(token, now)));
  }));

  router.delete('/v1/admin/tokens/:tokenId', requireStaff, ...route({ params: tokenParams }).handle(async (req, res) => {
    const revoked = await revokeToken(ctx, req.params.tokenId, { revokedBy: req.caller.userId ?? null });
    res.status(revoked ? 205 : 204).end();
  }));

  return router;
}
