import type { Express } from 'express';
import { requireCaller } from '@dp/auth';
import { createServiceApp, finishServiceApp, healthRouter, jsonBody } from '@dp/http';
import { createServiceContext, type AppDeps } from '@dp/runtime';
import type { IdentityConfig } from './config';

import { adminRouter } from './http/admin';
import { usersRouter } from './http/users';
import { organizationsRouter } from './http/organizations';
import { membersRouter } from './http/members';
import { internalRouter } from './http/internal';

export function createApp(deps: AppDeps<IdentityConfig>): Express {
  const { db, config, log } = deps;
  const ctx = createServiceContext('identity', deps);
  const app = createServiceApp({ log });
  app.use(healthRouter('identity', async () => void (await db.raw('select 1'))));
  app.use(requireCaller(config.INTERNAL_AUTH_SECRET), jsonBody());
  app.use(internalRouter(ctx), adminRouter(ctx), usersRouter(ctx), organizationsRouter(ctx), membersRouter(ctx));
  return finishServiceApp(app);
}
