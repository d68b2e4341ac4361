import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { SitesConfig } from './config';

export function createApp(deps: AppDeps<SitesConfig>): Express {
  return buildServiceApp('sites', deps, () => []);
}
