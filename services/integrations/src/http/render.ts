import { Router, type Response } from 'express';
import { badRequest, parseValid, route } from '@dp/http';
import type { IntegrationsContext } from '../context';
import type { IntegrationRuntime } from '../delivery/integration-runtime';
import { renderIntegrationUI, type RenderOutput } from '../commands/render-ui';
import { decompressEncodedURIComponent } from '../domain/bounded-lz-string';
import { renderParams, renderQuery, renderRequest } from '../schemas/render';

/** An integration's UI rendered by the integration itself (docs/adr/0043): GET with the compressed request, or POST. */
export function renderRouter(ctx: IntegrationsContext, runtime: IntegrationRuntime): Router {
  const maxChars = ctx.config.INTEGRATIONS_RENDER_REQUEST_MAX_CHARS;
  const router = Router();
  const path = '/v1/integrations/:integrationName/render';
  const answer = (res: Response, { output, cacheControl }: RenderOutput) => res.set('cache-control', cacheControl ?? 'no-store').json(output);

  router.get(path, ...route({ params: renderParams, query: renderQuery }).handle(async (req, res) => {
    const request = parseValid(renderRequest, decodeRequest(req.query.request, maxChars), 'query.request');
    answer(res, await renderIntegrationUI(ctx, runtime, req.caller, req.params.integrationName, request));
  }));

  router.post(path, ...route({ params: renderParams, body: renderRequest }).handle(async (req, res) => {
    answer(res, await renderIntegrationUI(ctx, runtime, req.caller, req.params.integrationName, req.body));
  }));

  return router;
}

/** The GET request's JSON, from its LZ-string compressed form, at most `maxChars` once decompressed; anything else is a 400. */
function decodeRequest(compressed: string, maxChars: number): unknown {
  const decompressed = decompressEncodedURIComponent(compressed, maxChars);
  if (!decompressed.ok && decompressed.problem === 'TOO_LARGE') {
    throw badRequest(`query.request decompresses to more than ${maxChars} characters (INTEGRATIONS_RENDER_REQUEST_MAX_CHARS): send a smaller request, or POST it`);
  }
  const text = decompressed.ok ? decompressed.text : '';
  if (!text) throw badRequest('query.request is not an LZ-string compressed (compressToEncodedURIComponent) JSON request');
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('query.request does not decompress to JSON');
  }
}
