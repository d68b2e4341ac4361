import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { createServiceApp, finishServiceApp, mountHealth } from '@dp/http';
import { serviceOf } from '@dp/log';
import { createMarkdownRenderer } from '@dp/markdown-html';
import { openapiOperations } from '@dp/openapi-views';
import { integrationBlocksClient } from '@dp/integration-views';
import { observeRequest } from '@dp/metrics';
import { publishedContentApi } from '../clients/content';
import { resolveAudience as defaultAudience, type ResolveAudience } from './audience';
import { contentCache } from './content-cache';
import { renderOptionsOf } from './config';
import type { PublisherDeps } from './deps';
import { publisherRouter } from './routes';
import { feedbackRouter } from './feedback';
import { publisherRouteName } from './route-name';
import { SiteViews } from './site-views';
import { FrontCache } from './front-cache';

export interface PublisherApp {
  app: Express;
  /** The server's request listener: anonymous repeat views from the front cache, everything else to `app`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Sites as served; `listen(bus)` makes them hear the events that drop them sooner than their 1 s. */
  views: SiteViews;
  /** Stops the render threads (they stop by themselves when idle, and never keep the process alive). */
  close(): Promise<void>;
}


/**
 * The publisher's express app (docs/adr/0040), no listen: used by its process (./start.ts), the local stack
 * and tests. Readers are not callers: no assertion is asked for; health probes as every app has them.
 */
export function createPublisherApp(deps: PublisherDeps, opts: { resolveAudience?: ResolveAudience; views?: SiteViews } = {}): PublisherApp {
  const views = opts.views ?? new SiteViews(deps.db, deps.log);
  const content = contentCache(publishedContentApi(deps.config.CONTENT_URL, deps.config.INTERNAL_AUTH_SECRET), deps.config.PUBLISHER_CACHE_MB * 1024 * 1024);
  const app = createServiceApp({ log: deps.log, tracer: deps.tracer, routeOf: publisherRouteName });
  app.set('etag', 'weak');
  mountHealth(app, 'sites-publisher', async () => void (await deps.db.raw('select 1')));
  const front = new FrontCache(views, deps.config.PUBLISHER_CACHE_MB * 1024 * 1024);
  const renderer = createMarkdownRenderer(renderOptionsOf(deps.config));
  const operations = openapiOperations(deps.config.OPENAPI_URL, deps.config.INTERNAL_AUTH_SECRET, deps.log);
  const integrations = integrationBlocksClient(deps.config.INTEGRATIONS_URL, deps.config.INTERNAL_AUTH_SECRET, deps.log);
  const resolveAudience = opts.resolveAudience ?? defaultAudience;
  app.use(feedbackRouter(deps, { views, content, resolveAudience }));
  app.use(publisherRouter(deps, { views, content, operations, integrations, resolveAudience, renderer, front }));
  const finished = finishServiceApp(app);
  const processName = serviceOf(deps.log);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    if (!front.serve(req, res)) return void finished(req, res);
    // Not logged (the hot path the cache exists for), but counted with the requests express answers.
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeRequest({ process: processName, method: req.method ?? 'GET', route: publisherRouteName({ path: req.url ?? '/' }), status: res.statusCode, seconds });
  };
  return { app: finished, views, handler, close: () => renderer.close() };
}
