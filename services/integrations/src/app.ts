import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { IntegrationsConfig } from './config';

export function createApp(deps: AppDeps<IntegrationsConfig>): Express {
  return buildServiceApp('integrations', deps, () => []);
}
