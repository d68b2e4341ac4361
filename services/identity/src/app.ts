import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { IdentityConfig } from './config';
import { adminRouter } from './http/admin';
import { usersRouter } from './http/users';
import { organizationsRouter } from './http/organizations';
import { membersRouter } from './http/members';

export function createApp(deps: AppDeps<IdentityConfig>): Express {
  return buildServiceApp('identity', deps, (ctx) => [adminRouter(ctx), usersRouter(ctx), organizationsRouter(ctx), membersRouter(ctx)]);
}
