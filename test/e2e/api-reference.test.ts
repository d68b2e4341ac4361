import SwaggerParser from '@apidevtools/swagger-parser';
import { signAssertion } from '@dp/auth';
import { API_DOCUMENT_PATH, ASSERTION_HEADER, generatedOperationId, isPublicOutsideV1, openApiTemplate, type ApiDocument } from '@dp/http';
import { fillPath, listRoutes, officialOperation } from '@dp/testing';
import { version as gatewayVersion } from '../../gateway/package.json';
import { bootStack, type TestStack } from '../support/stack';

/**
 * The API reference (docs/adr/0046): `GET /v1/openapi.json` describes every operation the services route, with
 * GitBook's operation ids where GitBook has the operation, is a valid OpenAPI document, and is what `/docs` shows.
 */

let stack: TestStack;
let document: ApiDocument;
let served: string;

beforeAll(async () => {
  stack = await bootStack('apiref', { withWorkers: false });
  const res = await fetch(`${stack.baseUrl}/v1/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  served = await res.text();
  document = JSON.parse(served) as ApiDocument;
}, 120_000);
afterAll(() => stack?.stop());

test('When a client reads /v1/openapi.json without a token, Then every routed operation of every service is in it, with the official operation id where GitBook has one', () => {
  const routed = (path: string) => path.startsWith('/v1/') || isPublicOutsideV1(path);
  const expected = Object.entries(stack.apis).flatMap(([context, api]) => listRoutes(api.app).filter((r) => routed(r.path)).map((r) => ({ ...r, context })));
  expect(expected.length).toBeGreaterThan(150);
  // Outside /v1: SAML sign-in (start, metadata, acs), public OpenAPI specs, PDF exports, git hosts' push webhooks; at
  // PUBLIC_URL, without a token.
  const outside = expected.filter((r) => !r.path.startsWith('/v1/'));
  expect(outside.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
    'GET /openapi/:organizationId/:file',
    'GET /pdf/:token',
    'GET /sso/saml/:samlProviderId/metadata',
    'GET /sso/saml/:samlProviderId/start',
    'POST /git/webhooks/github',
    'POST /git/webhooks/gitlab',
    'POST /sso/saml/:samlProviderId/acs',
  ]);
  for (const route of outside) {
    expect(document.paths[openApiTemplate(route.path)]?.[route.method.toLowerCase()]).toMatchObject({ security: [], servers: [{ url: stack.envOf('gateway').PUBLIC_URL }] });
  }
  const problems: string[] = [];
  for (const route of expected) {
    const template = openApiTemplate(route.path);
    const operation = document.paths[template]?.[route.method.toLowerCase()];
    const label = `${route.context}: ${route.method} ${route.path}`;
    if (!operation) {
      problems.push(`${label} is not in the document`);
      continue;
    }
    const official = officialOperation(route.method, fillPath(route.path, Object.fromEntries(route.params.map((p) => [p, 'x']))));
    const id = official?.operation.operationId ?? generatedOperationId(route.method, template);
    if (operation.operationId !== id) problems.push(`${label}: operationId ${String(operation.operationId)}, expected ${id}`);
    if (!official && !(operation.tags as string[]).includes(route.context)) problems.push(`${label}: not tagged ${route.context}`);
    const inPath = ((operation.parameters ?? []) as Array<{ name: string; in: string }>).filter((p) => p.in === 'path').map((p) => p.name);
    if (inPath.join() !== route.params.join()) problems.push(`${label}: path parameters ${inPath.join()}`);
  }
  expect(problems).toEqual([]);
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
  expect(operations).toHaveLength(expected.length);
  expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
});

test('The document describes requests with the schemas that validate them, and responses with the official schemas (GitBook names branded Service)', () => {
  const createSpace = document.paths['/orgs/{organizationId}/spaces'].post;
  expect(createSpace).toMatchObject({ operationId: 'createSpace', tags: expect.arrayContaining(['spaces']) });
  const body = createSpace.requestBody as { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  const route = listRoutes(stack.apis.content.app).find((r) => r.method === 'POST' && r.path === '/v1/orgs/:organizationId/spaces');
  expect(body.content['application/json'].schema).toEqual(route?.schemas.body);
  expect(createSpace.responses).toMatchObject({ 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Space' } } } } });
  expect(document.components.schemas.Space).toBeDefined();
  const text = JSON.stringify(document.components);
  expect(text).not.toMatch(/"[A-Za-z]*GitBook[A-Za-z]*":/);
  expect(text).toContain('"createdByService"');
});

test('Operations of ours that answer JSON describe it with the schemas their routes declare (which the tests’ client checks every answer against)', () => {
  const createToken = document.paths['/user/tokens'].post;
  const route = listRoutes(stack.apis.identity.app).find((r) => r.method === 'POST' && r.path === '/v1/user/tokens');
  expect(createToken.responses).toMatchObject({ 201: { content: { 'application/json': { schema: route?.schemas.responses?.[201] } } }, default: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } } });
  // Linking an account to a SAML provider (docs/adr/0056) is ours too.
  const linkRoute = listRoutes(stack.apis.identity.app).find((r) => r.method === 'POST' && r.path === '/v1/user/saml-links');
  expect(document.paths['/user/saml-links'].post.responses).toMatchObject({ 201: { content: { 'application/json': { schema: linkRoute?.schemas.responses?.[201] } } } });
  expect(document.paths['/admin/users'].post.responses).toMatchObject({ 201: { content: { 'application/json': { schema: { properties: { user: { $ref: '#/components/schemas/User' } } } } } } });
  // Every JSON operation of ours declares its body; those answering only a status or a file do not.
  const undeclared = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item)
      .filter(([, operation]) => String(operation.description ?? '').startsWith('Not a GitBook API operation') && '2XX' in (operation.responses as object))
      .map(([method]) => `${method.toUpperCase()} ${template}`),
  );
  expect(undeclared.sort()).toEqual([
    'DELETE /admin/tokens/{tokenId}',
    'DELETE /user/saml-links/{samlProviderId}',
    'DELETE /user/tokens/{tokenId}',
    'GET /integrations/{integrationName}/assets/icon',
    'GET /integrations/{integrationName}/assets/preview-images/{index}',
    'GET /openapi/{organizationId}/{file}',
    'GET /pdf/{token}',
    'GET /spaces/{spaceId}/revisions/{revisionId}/files/{fileId}/download',
    'GET /sso/saml/{samlProviderId}/metadata',
    'GET /sso/saml/{samlProviderId}/start',
    'POST /git/webhooks/github',
    'POST /git/webhooks/gitlab',
    'POST /sso/saml/{samlProviderId}/acs',
  ]);
});

test('The document is valid OpenAPI 3.1 (swagger-parser), serves this deployment under PUBLIC_URL/v1 with a bearer token, and carries the gateway version', async () => {
  // A copy as served (validate dereferences what it is given).
  await expect(SwaggerParser.validate(JSON.parse(served))).resolves.toMatchObject({ openapi: '3.1.0' });
  expect(document.openapi).toBe('3.1.0');
  expect(document.info.version).toBe(gatewayVersion);
  expect(document.servers).toEqual([{ url: `${stack.envOf('gateway').PUBLIC_URL}/v1`, description: 'This deployment' }]);
  expect(document.security).toEqual([{ apiToken: [] }]);
  expect(document.components.securitySchemes).toMatchObject({ apiToken: { type: 'http', scheme: 'bearer' } });

  // The server is where the operations answer: a user reads themselves at <server>/user.
  const user = await stack.newUser('reader');
  const me = await fetch(`${document.servers![0].url}/user`.replace(/^http:\/\/localhost:/, 'http://127.0.0.1:'), { headers: { authorization: `Bearer ${user.token}` } });
  expect(me.status).toBe(200);
});

test('When a user opens /v1, Then it points at /docs, which serves Swagger UI from the gateway on /v1/openapi.json', async () => {
  const index = await (await fetch(`${stack.baseUrl}/v1`)).json();
  expect(index.links).toMatchObject({ docs: '/docs', openapi: '/v1/openapi.json' });
  const page = await fetch(`${stack.baseUrl}/docs`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('"/v1/openapi.json"');
  const assets = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
  expect(assets).toEqual(['/docs/assets/swagger-ui.css', '/docs/assets/swagger-ui-bundle.js']);
  for (const asset of assets) expect((await fetch(`${stack.baseUrl}${asset}`)).status).toBe(200);
  expect((await fetch(`${stack.baseUrl}/docs/assets/index.html`)).status).toBe(404);
});

test("A service's own document is for the gateway alone: without an assertion 401, with a user's 403", async () => {
  const url = `${stack.apis.content.url}${API_DOCUMENT_PATH}`;
  expect((await fetch(url)).status).toBe(401);
  const asUser = signAssertion({ userId: 'someone', staff: false, memberships: {} }, stack.secret);
  expect((await fetch(url, { headers: { [ASSERTION_HEADER]: asUser } })).status).toBe(403);
});
