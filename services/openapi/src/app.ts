import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import { threadLimitsOf, type OpenapiConfig } from './config';
import { specThreads } from './threads/spec-threads';
import { internalRouter } from './http/internal';
import { publishedRouter } from './http/published';
import { specsRouter } from './http/specs';
import { versionsRouter } from './http/versions';

export function createApp(deps: AppDeps<OpenapiConfig>): Express {
  // Serving bundles and operations runs on spec threads (docs/adr/0058), one pool for the API, stopped with the process.
  const threads = specThreads(threadLimitsOf(deps.config));
  deps.onStop?.(() => threads.close());
  return buildServiceApp('openapi', deps, (ctx) => [specsRouter(ctx), versionsRouter(ctx), publishedRouter(ctx, threads), internalRouter(ctx, threads)]);
}
