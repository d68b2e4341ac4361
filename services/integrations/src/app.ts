import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import { identityApi } from './clients/identity';
import type { IntegrationsConfig } from './config';
import { integrationsRouter } from './http/integrations';
import { installationsRouter } from './http/installations';
import { eventsRouter } from './http/events';

export function createApp(deps: AppDeps<IntegrationsConfig>): Express {
  return buildServiceApp('integrations', deps, (ctx) => {
    const identity = identityApi(ctx.services.identity);
    return [integrationsRouter(ctx, identity), installationsRouter(ctx), eventsRouter(ctx)];
  });
}
