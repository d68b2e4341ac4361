import { Router } from 'express';
import { requireUser } from '@dp/auth';
import { notFound, pathParams, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { findUser } from '../data/users';
import { presentUser } from '../presenters/user';

export function usersRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.get('/v1/user', async (req, res) => {
    const user = await findUser(ctx.db, requireUser(req.caller));
    if (!user) throw notFound('User');
    res.json(presentUser(user, ctx.links));
  });
  router.get('/v1/users/:userId', ...route({ params: pathParams('userId') }).handle(async (req, res) => {
    const user = await findUser(ctx.db, req.params.userId);
    if (!user) throw notFound('User');
    res.json(presentUser(user, ctx.links));
  }));
  return router;
}
