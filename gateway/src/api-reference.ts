import path from 'node:path';
import { Router } from 'express';
import { HttpError } from '@dp/http';
import { ApiDocuments, type ApiDocumentsOptions } from './api-documents';

/** The API reference's address, and where its document is (both without a token, like `GET /v1`). */
export const DOCS_PATH = '/docs';
export const OPENAPI_PATH = '/v1/openapi.json';

/** Swagger UI's files, served by the gateway itself: deployments may be offline, and a CDN is one more party. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js']);

// Tags folded: about 190 operations under some 30 tags read as a table of contents (and Swagger UI renders
// a list that long unfolded only in part). The validator badge would send the document to validator.swagger.io;
// the models (hundreds) stay folded.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Docs Platform</title>
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'none',
  displayOperationId: true,
  filter: true,
  defaultModelsExpandDepth: -1,
  validatorUrl: null,
});
</script>
</body>
</html>
`;

/**
 * `GET /v1/openapi.json` (the OpenAPI 3.1 document of the deployed services, docs/adr/0046) and `GET /docs`
 * (Swagger UI on it). Mounted after the `/v1` proxy, which passes `OPENAPI_PATH` on to it.
 */
export function apiReference(opts: ApiDocumentsOptions): Router {
  const documents = new ApiDocuments(opts);
  const router = Router();
  router.get(OPENAPI_PATH, async (_req, res) => {
    res.type('application/json').send(await documents.text());
  });
  router.get(DOCS_PATH, (_req, res) => {
    res.type('html').send(PAGE);
  });
  router.get(`${DOCS_PATH}/assets/:file`, (req, res) => {
    if (!ASSETS.has(req.params.file)) throw new HttpError(404, `No route for GET ${req.path}`);
    res.sendFile(path.join(SWAGGER_UI_DIR, req.params.file), { maxAge: '1h' });
  });
  return router;
}
