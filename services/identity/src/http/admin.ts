import { Router } from 'express';
import { requireStaff } from '@dp/auth';
import { validate } from '@dp/http';
import type { IdentityContext } from '../context';
import { createUser } from '../commands/create-user';
import { presentUser } from '../presenters/user';
import { createUserBody, type CreateUserBody } from '../schemas/admin';

export function adminRouter(ctx: IdentityContext): Router {
  const router = Router();
  router.post('/v1/admin/users', requireStaff, validate({ body: createUserBody }), async (req, res) => {
    const { user, token } = await createUser(ctx, req.body as CreateUserBody);
    res.status(201).location(ctx.links.api(`/users/${user.id}`)).json({ user: presentUser(user, ctx.links), token });
  });
  return router;
}
