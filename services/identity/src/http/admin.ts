import { Router } from 'express';
import { requireStaff } from '@dp/auth';
import { route } from '@dp/http';
import type { IdentityContext } from '../context';
import { createUser } from '../commands/create-user';
import { presentUser } from '../presenters/user';
import { createdUserResponses, createUserBody } from '../schemas/admin';

export function adminRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.post('/v1/admin/users', requireStaff, ...route({ body: createUserBody, responses: createdUserResponses }).handle(async (req, res) => {
    const { user, token } = await createUser(ctx, req.body);
    res.status(201).location(ctx.links.api(`/users/${user.id}`)).json({ user: presentUser(user, ctx.links), token });
  }));
  return router;
}
