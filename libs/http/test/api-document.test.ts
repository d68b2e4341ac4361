import express, { Router } from 'express';
import { buildApiDocument, generatedOperationId, listRoutes, pathParams, route } from '../src';

/**
 * The OpenAPI document a service makes of its routes (docs/adr/0046), on a small app: GitBook's words where it has
 * the operation (newest release, or an older one), ours otherwise, the request schemas as they are, and only
 * what clients reach (no probes, no service-to-service paths).
 */
const spaceParams = pathParams('spaceId');
const tokensQuery = { type: 'object', properties: { limit: { type: 'integer', minimum: 1, default: 50 } }, additionalProperties: false } as const;
const tokenBody = { type: 'object', properties: { label: { type: 'string', maxLength: 100 } }, required: ['label'], additionalProperties: false } as const;
const ok = () => undefined;

const router = Router();
router.get('/v1/spaces/:spaceId', ...route({ params: spaceParams }).handle(ok));
router.get('/v1/spaces/:spaceId/links', ...route({ params: spaceParams }).handle(ok));
router.get('/v1/user/tokens', ...route({ query: tokensQuery }).handle(ok));
router.post('/v1/user/tokens', ...route({ body: tokenBody }).handle(ok));
router.get('/sso/saml/:samlProviderId/start', ...route({ params: pathParams('samlProviderId') }).handle(ok));
router.get('/internal/spaces/:spaceId/published-url', ...route({ params: spaceParams }).handle(ok));
router.get('/health/ready', ok);
const app = express();
app.use(router);

const document = buildApiDocument(listRoutes(app), 'content');
const text = JSON.stringify(document);

test('An operation GitBook has keeps its id, tags, summary and responses; its parameters are our schemas with its descriptions', () => {
  const get = document.paths['/spaces/{spaceId}'].get;
  expect(get).toMatchObject({ operationId: 'getSpaceById', tags: ['spaces', 'critical'], summary: 'Get full details of a space by its ID' });
  expect(get.parameters).toEqual([{ name: 'spaceId', in: 'path', required: true, description: 'The unique id of the space', schema: spaceParams.properties.spaceId }]);
  expect(get.responses).toMatchObject({ 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Space' } } } } });
  expect(document.components.schemas.Space).toBeDefined();
});

test('An operation only an older release has comes from it, with its differing components named after the release', () => {
  expect(document.paths['/spaces/{spaceId}/links'].get).toMatchObject({ operationId: 'listSpaceLinks' });
  expect(text).toContain('"#/components/schemas/ContentReferenceUsage-0.181.0"');
  expect(document.components.schemas['ContentReferenceUsage-0.181.0']).toBeDefined();
  // Every reference points at a component the document has.
  for (const [, kind, name] of text.matchAll(/"#\/components\/(\w+)\/([^"]+)"/g)) expect({ kind, name, defined: name in (document.components[kind] ?? {}) }).toMatchObject({ defined: true });
});

test('Our operations get an id made from method and path, the service as tag, and their schemas as parameters and body', () => {
  expect(document.paths['/user/tokens'].get).toMatchObject({
    operationId: 'getUserTokens',
    tags: ['content'],
    parameters: [{ name: 'limit', in: 'query', schema: tokensQuery.properties.limit }],
  });
  expect(document.paths['/user/tokens'].post).toMatchObject({
    operationId: 'postUserTokens',
    requestBody: { required: true, content: { 'application/json': { schema: tokenBody } } },
  });
  expect(document.tags.map((t) => t.name)).toEqual(['spaces', 'critical', 'links', 'content']);
  expect(generatedOperationId('DELETE', '/user/tokens/{tokenId}')).toBe('deleteUserTokensByTokenId');
  expect(generatedOperationId('POST', '/integrations/{integrationName}/events/{eventId}/redeliver')).toBe('postIntegrationsByIntegrationNameEventsByEventIdRedeliver');
});

test('Public paths outside /v1 are described with their own server and no token; probes and service-to-service paths are not', () => {
  expect(document.paths['/sso/saml/{samlProviderId}/start'].get).toMatchObject({ operationId: 'getSsoSamlBySamlProviderIdStart', servers: [{ url: '/' }], security: [] });
  expect(Object.keys(document.paths).sort()).toEqual(['/spaces/{spaceId}', '/spaces/{spaceId}/links', '/sso/saml/{samlProviderId}/start', '/user/tokens']);
});

test('Names are branded Service, and GitBook docs-site markup is gone', () => {
  expect(text).not.toMatch(/"[A-Za-z]*GitBook[A-Za-z]*":/);
  expect(text).not.toContain('{%');
});
