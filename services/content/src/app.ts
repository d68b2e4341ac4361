import type { Express } from 'express';
import { requireCaller } from '@dp/auth';
import { createServiceApp, finishServiceApp, healthRouter, jsonBody } from '@dp/http';
import { createServiceContext, type AppDeps } from '@dp/runtime';
import type { ContentConfig } from './config';
import { spacesRouter } from './http/spaces';

export function createApp(deps: AppDeps<ContentConfig>): Express {
  const { db, config, log } = deps;
  const ctx = createServiceContext('content', deps);
  const app = createServiceApp({ log });
  app.use(healthRouter('content', async () => void (await db.raw('select 1'))));
  app.use(requireCaller(config.INTERNAL_AUTH_SECRET), jsonBody());
  app.use(spacesRouter(ctx));
  return finishServiceApp(app);
}
