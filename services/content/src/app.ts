import { contentPermissionsRouter } from './http/content-permissions';
import type { Express } from 'express';
import { buildServiceApp, type AppDeps } from '@dp/runtime';
import { createMarkdownRenderer } from '@dp/markdown-html';
import { pdfRenderOptionsOf, type ContentConfig } from './config';
import { spacesRouter } from './http/spaces';
import { collectionsRouter } from './http/collections';
import { spacePlacementRouter } from './http/space-placement';
import { changeRequestsRouter } from './http/change-requests';
import { reviewsRouter } from './http/reviews';
import { commentsRouter } from './http/comments';
import { contentRouter } from './http/content';
import { importRouter } from './http/import';
import { importRunsRouter } from './http/import-runs';
import { gitSyncRouter } from './http/git-sync';
import { gitInstallationsRouter } from './http/git-installations';
import { templatesRouter } from './http/templates';
import { linksRouter } from './http/links';
import { searchRouter } from './http/search';
import { internalRouter } from './http/internal';
import { pdfRouter } from './http/pdf';
import { listenForNotifications } from '@dp/bus';
import { spaceReadsChannel } from './data/spaces';
import { SpaceReadCache } from './queries/space-reads';
import { boundImmutableCaches } from './data/immutable-cache';

export function createApp(deps: AppDeps<ContentConfig>): Express {
  boundImmutableCaches(deps.db, deps.config.CONTENT_CACHE_MB);
  // PDF exports' pages render on threads (docs/adr/0063), started on demand and stopped with the process.
  const pdfRenderer = createMarkdownRenderer(pdfRenderOptionsOf(deps.config));
  deps.onStop?.(() => pdfRenderer.close());
  const reads = spaceReadCache(deps);
  return buildServiceApp('content', deps, (ctx) => [reads.emptiedByWrites(), spacesRouter(ctx, reads), collectionsRouter(ctx), spacePlacementRouter(ctx), changeRequestsRouter(ctx), reviewsRouter(ctx), commentsRouter(ctx), contentRouter(ctx), importRouter(ctx), importRunsRouter(ctx), gitSyncRouter(ctx), gitInstallationsRouter(ctx), templatesRouter(ctx), linksRouter(ctx), searchRouter(ctx), pdfRouter(ctx, pdfRenderer), contentPermissionsRouter(ctx), internalRouter(ctx)]);
}

/**
 * The cache of GET of a space (docs/adr/0113), emptied by the notifications of migration 128. An app nothing
 * stops (no `onStop`) or a size of 0 keeps nothing: it would never stop listening.
 */
function spaceReadCache(deps: AppDeps<ContentConfig>): SpaceReadCache {
  const { onStop } = deps;
  if (!onStop || deps.config.CONTENT_READ_CACHE_MB <= 0) return new SpaceReadCache(1, () => false);
  const cache = new SpaceReadCache(deps.config.CONTENT_READ_CACHE_MB * 1024 * 1024, () => subscription.listening());
  const subscription = listenForNotifications(deps.config.DATABASE_URL, spaceReadsChannel(deps.config.DB_SCHEMA), () => cache.empty(), deps.log);
  onStop(() => subscription.close());
  return cache;
}
