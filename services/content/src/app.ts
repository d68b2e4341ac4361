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

export function createApp(deps: AppDeps<ContentConfig>): Express {
  // PDF exports' pages render on threads (docs/adr/0063), started on demand and stopped with the process.
  const pdfRenderer = createMarkdownRenderer(pdfRenderOptionsOf(deps.config));
  deps.onStop?.(() => pdfRenderer.close());
  return buildServiceApp('content', deps, (ctx) => [spacesRouter(ctx), collectionsRouter(ctx), spacePlacementRouter(ctx), changeRequestsRouter(ctx), reviewsRouter(ctx), commentsRouter(ctx), contentRouter(ctx), importRouter(ctx), importRunsRouter(ctx), gitSyncRouter(ctx), gitInstallationsRouter(ctx), templatesRouter(ctx), linksRouter(ctx), searchRouter(ctx), pdfRouter(ctx, pdfRenderer), contentPermissionsRouter(ctx), internalRouter(ctx)]);
}
