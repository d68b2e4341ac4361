import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import { identityApi } from './clients/identity';
import { targetsClient } from './clients/targets';
import { bindingsRouter } from './http/bindings';
import type { IntegrationsConfig } from './config';
import { integrationsRouter } from './http/integrations';
import { installationsRouter } from './http/installations';
import { eventsRouter } from './http/events';
import { renderRouter } from './http/render';
import { internalRouter } from './http/internal';
import { integrationRuntime } from './delivery/integration-runtime';

export function createApp(deps: AppDeps<IntegrationsConfig>): Express {
  // Renders run the integration's script in this process's own sandboxes (released when the api stops).
  const runtime = integrationRuntime(deps);
  return buildServiceApp('integrations', deps, (ctx) => {
    const identity = identityApi(ctx.services.identity);
    const targets = targetsClient(ctx.services);
    return [integrationsRouter(ctx, identity), installationsRouter(ctx, targets), bindingsRouter(ctx, targets), eventsRouter(ctx), renderRouter(ctx, runtime), internalRouter(ctx, runtime)];
  });
}
