import type { Express, Router } from 'express';
import { requireCaller } from '@dp/auth';
import { createServiceApp, finishServiceApp, healthRouter, jsonBody } from '@dp/http';
import { createServiceContext, type ServiceContext } from './context';
import type { AppDeps, BaseConfig } from './service';

/**
 * The one shape of a service's express app: request id and log, health probes (no auth), caller assertion
 * required on everything else, JSON bodies, the context's routers, then 404 and the error mapper.
 */
export function buildServiceApp<C extends BaseConfig>(context: string, deps: AppDeps<C>, routers: (ctx: ServiceContext<C>) => Router[]): Express {
  const ctx = createServiceContext(context, deps);
  const app = createServiceApp({ log: deps.log });
  app.use(healthRouter(context, async () => void (await deps.db.raw('select 1'))));
  app.use(requireCaller(deps.config.INTERNAL_AUTH_SECRET), jsonBody());
  for (const router of routers(ctx)) app.use(router);
  return finishServiceApp(app);
}
