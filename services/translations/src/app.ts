import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { TranslationsConfig } from './config';
import { translationsRouter } from './http/translations';

export function createApp(deps: AppDeps<TranslationsConfig>): Express {
  return buildServiceApp('translations', deps, (ctx) => [translationsRouter(ctx)]);
}
