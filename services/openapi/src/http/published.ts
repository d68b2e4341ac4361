import { Router } from 'express';
import { requireService } from '@dp/auth';
import { route } from '@dp/http';
import type { OpenapiContext } from '../context';
import { publishedSpec } from '../queries/published-spec';
import { publishedParams } from '../schemas/specs';
import type { SpecThreads } from '../threads/spec-threads';

const CONTENT_TYPES = { json: 'application/json; charset=utf-8', yaml: 'application/yaml; charset=utf-8' } as const;

/**
 * A public spec's latest version, read without a token (`urls.published`, docs/adr/0042): the gateway routes
 * exactly `GET /openapi/{organizationId}/{specSlug}.json|.yaml` here with its own service assertion, and nothing
 * else may call it. Any origin may read it (a "Try it" console in a browser), and caches may keep it a minute.
 */
export function publishedRouter(ctx: OpenapiContext, threads: SpecThreads): Router {
  const router = Router();
  const deps = { db: ctx.db, threads, maxAliases: ctx.config.OPENAPI_YAML_MAX_ALIASES };
  router.get('/openapi/:organizationId/:file', requireService('gateway'), ...route({ params: publishedParams }).handle(async (req, res) => {
    const [slug, format] = splitFile(req.params.file);
    const { versionId, body } = await publishedSpec(deps, req.params.organizationId, slug, format);
    const etag = `"${versionId}.${format}"`;
    res.set({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=60', etag, vary: 'accept-encoding' });
    if (req.headers['if-none-match'] === etag) return void res.status(304).end();
    res.type(CONTENT_TYPES[format]).send(body);
  }));
  return router;
}

/** `pets.yaml` -> ['pets', 'yaml']; the params schema has checked the name's shape. */
function splitFile(file: string): [string, 'json' | 'yaml'] {
  const dot = file.lastIndexOf('.');
  return [file.slice(0, dot), file.slice(dot + 1) === 'yaml' ? 'yaml' : 'json'];
}
