import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { OpenapiConfig } from './config';

export function createApp(deps: AppDeps<OpenapiConfig>): Express {
  return buildServiceApp('openapi', deps, () => []);
}
