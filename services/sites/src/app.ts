import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import type { SitesConfig } from './config';
import { contentApi, publishedContentApi } from './clients/content';
import { sitesRouter } from './http/sites';
import { siteSpacesRouter } from './http/site-spaces';
import { siteSectionsRouter } from './http/site-sections';
import { siteSectionGroupsRouter } from './http/site-section-groups';
import { shareLinksRouter } from './http/share-links';
import { publishedUrlRouter } from './http/published-url';
import { siteAccessRouter } from './http/site-access';
import { adaptiveSchemaRouter } from './http/adaptive-schema';
import { sitePublishingAuthRouter } from './http/site-publishing-auth';
import { customizationRouter } from './http/customization';
import { siteRedirectsRouter } from './http/site-redirects';
import { siteSearchRouter } from './http/site-search';
import { customHostnamesRouter } from './http/custom-hostnames';
import { siteInsightsRouter } from './http/site-insights';
import { sitePermissionsRouter } from './http/site-permissions';

export function createApp(deps: AppDeps<SitesConfig>): Express {
  return buildServiceApp('sites', deps, (ctx) => {
    const content = contentApi(ctx.services.content, ctx.config.INTERNAL_AUTH_SECRET);
    const published = publishedContentApi(ctx.config.CONTENT_URL, ctx.config.INTERNAL_AUTH_SECRET);
    return [sitesRouter(ctx, content), siteSpacesRouter(ctx, content), siteSectionsRouter(ctx, content), siteSectionGroupsRouter(ctx), shareLinksRouter(ctx), adaptiveSchemaRouter(ctx), sitePublishingAuthRouter(ctx), customizationRouter(ctx), siteRedirectsRouter(ctx, published), siteSearchRouter(ctx, published), customHostnamesRouter(ctx), siteInsightsRouter(ctx), sitePermissionsRouter(ctx), publishedUrlRouter(ctx), siteAccessRouter(ctx)];
  });
}
