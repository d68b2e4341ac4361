import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { OpenapiConfig } from './config';
import { publishedRouter } from './http/published';
import { specsRouter } from './http/specs';
import { versionsRouter } from './http/versions';

export function createApp(deps: AppDeps<OpenapiConfig>): Express {
  return buildServiceApp('openapi', deps, (ctx) => [specsRouter(ctx), versionsRouter(ctx), publishedRouter(ctx)]);
}
