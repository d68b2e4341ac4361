import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { SitesConfig } from './config';
import { contentApi } from './clients/content';
import { sitesRouter } from './http/sites';
import { siteSpacesRouter } from './http/site-spaces';
import { shareLinksRouter } from './http/share-links';
import { publishedUrlRouter } from './http/published-url';

export function createApp(deps: AppDeps<SitesConfig>): Express {
  return buildServiceApp('sites', deps, (ctx) => {
    const content = contentApi(ctx.services.content);
    return [sitesRouter(ctx, content), siteSpacesRouter(ctx, content), shareLinksRouter(ctx), publishedUrlRouter(ctx)];
  });
}
