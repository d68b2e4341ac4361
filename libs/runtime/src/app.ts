import type { Express, RequestHandler, Router } from 'express';
import { identityMemberships, requireCaller, requireService, type MembershipSource } from '@dp/auth';
import { API_DOCUMENT_PATH, createServiceApp, finishServiceApp, jsonBody, mountHealth, serveApiDocument } from '@dp/http';
import { createServiceContext, type ServiceContext } from './context';
import type { AppDeps, BaseConfig } from './service';

/**
 * The one shape of a service's express app: request id and log, health probes (no auth), caller assertion
 * required on everything else, JSON bodies, the API document (for the gateway), the context's routers, then
 * 404 and the error mapper. The roles of a caller whose assertion does not carry them come from identity's API
 * (identity passes its own tables).
 */
export function buildServiceApp<C extends BaseConfig>(
  context: string,
  deps: AppDeps<C>,
  routers: (ctx: ServiceContext<C>) => Array<Router | RequestHandler>,
  opts: { memberships?: MembershipSource } = {},
): Express {
  const ctx = createServiceContext(context, deps);
  const app = createServiceApp({ log: deps.log, tracer: deps.tracer });
  mountHealth(app, context, async () => void (await deps.db.raw('select 1')));
  const memberships = opts.memberships ?? identityMemberships(ctx.services.identity);
  app.use(requireCaller(deps.config.INTERNAL_AUTH_SECRET, { memberships }), jsonBody({ maxDepth: deps.config.HTTP_JSON_MAX_DEPTH }));
  // The OpenAPI document of the context's routes, for the gateway's API reference (docs/adr/0046).
  app.get(API_DOCUMENT_PATH, requireService('gateway'), serveApiDocument(context));
  for (const router of routers(ctx)) app.use(router);
  return finishServiceApp(app);
}
