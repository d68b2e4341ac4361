import { Router } from 'express';
import { requireService } from '@dp/auth';
import type { MarkdownRenderer } from '@dp/markdown-html';
import { route } from '@dp/http';
import { openapiOperations } from '@dp/openapi-views';
import { integrationBlocksClient } from '@dp/integration-views';
import type { ContentContext } from '../context';
import { requestPdf } from '../commands/request-pdf';
import { pdfDownloads, PrintsQueued } from '../queries/printed-pdf';
import { changeRequestParams } from '../schemas/change-requests';
import { pdfQuery, pdfTokenParams } from '../schemas/pdf';
import { spaceParams } from '../schemas/spaces';

/**
 * PDF exports (docs/adr/0044): the official GET SPACE/pdf and GET CR/pdf answer `{url}`; the URL is served
 * without a token through the gateway's public routes (`GET /pdf/{token}`), as the gateway alone may call it.
 */
export function pdfRouter(ctx: ContentContext, renderer: MarkdownRenderer): Router {
  const router = Router();
  const download = pdfDownloads(ctx, renderer, {
    operations: openapiOperations(ctx.config.OPENAPI_URL, ctx.config.INTERNAL_AUTH_SECRET, ctx.log, 'content'),
    integrations: integrationBlocksClient(ctx.config.INTEGRATIONS_URL, ctx.config.INTERNAL_AUTH_SECRET, ctx.log, 'content'),
  });

  router.get('/v1/spaces/:spaceId/pdf', ...route({ params: spaceParams, query: pdfQuery }).handle(async (req, res) => {
    res.json(await requestPdf(ctx, req.caller, { spaceId: req.params.spaceId }, req.query));
  }));

  router.get('/v1/spaces/:spaceId/change-requests/:changeRequestId/pdf', ...route({ params: changeRequestParams, query: pdfQuery }).handle(async (req, res) => {
    res.json(await requestPdf(ctx, req.caller, { spaceId: req.params.spaceId, changeRequestId: req.params.changeRequestId }, req.query));
  }));

  router.get('/pdf/:token', requireService('gateway'), ...route({ params: pdfTokenParams }).handle(async (req, res) => {
    const { pdf, filename } = await download(req.params.token).catch((err: unknown) => {
      if (err instanceof PrintsQueued) res.set('retry-after', String(err.retryAfterS));
      throw err;
    });
    res
      .status(200)
      .type('application/pdf')
      .set({ 'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(filename)}`, 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff' })
      .send(pdf);
  }));

  return router;
}
