import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@dp/config';
import { closeServer, listen } from '@dp/listen';
import { createLogger } from '@dp/log';
import { createGatewayApp } from '../src/app';
import { gatewayConfig } from '../src/config';
import { PrincipalCache } from '../src/principal-cache';

/**
 * `urls.app` of every object pointed at `/app/...`, which answered 404 (issue 22). The gateway now serves a
 * page there saying what the object is, with its API URL, from the path alone (docs/adr/0064).
 */
const SECRET = 'gateway-app-pages-test-secret';
const servers: Server[] = [];

async function gateway(env: NodeJS.ProcessEnv = {}): Promise<string> {
  const config = loadConfig(gatewayConfig, { INTERNAL_AUTH_SECRET: SECRET, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://docs.example.test', ...env });
  const principals = new PrincipalCache({ fetch: async () => undefined, secret: SECRET, ttlMs: 60_000 });
  const server = await listen(createGatewayApp({ config, log: createLogger('gateway-test', 'silent'), principals }), 0, '127.0.0.1');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  for (const server of servers) await closeServer(server);
});

let base: string;
beforeAll(async () => {
  // APP_URL unset: its default follows PUBLIC_URL's host only under npm start, so set it the way npm start does.
  base = await gateway({ APP_URL: 'http://docs.example.test/app' });
});

const ORG = 'Abc123Def456Ghi789Jk';
const SPACE = 'Spc123Def456Ghi789Jk';

// Every shape of path the presenters build with links.app(...).
test.each([
  [`/app/o/${ORG}`, 'Organization', `/v1/orgs/${ORG}`],
  [`/app/o/${ORG}/sites/siteA1`, 'Site', `/v1/orgs/${ORG}/sites/siteA1`],
  [`/app/o/${ORG}/sites/siteA1/preview`, 'Site preview', `/v1/orgs/${ORG}/sites/siteA1`],
  [`/app/o/${ORG}/openapi/petstore`, 'OpenAPI specification', `/v1/orgs/${ORG}/openapi/petstore`],
  [`/app/o/${ORG}/integrations/my-int`, 'Integration installation', '/v1/integrations/my-int'],
  ['/app/integrations/my-int', 'Integration', '/v1/integrations/my-int'],
  ['/app/c/col1', 'Collection', '/v1/collections/col1'],
  [`/app/s/${SPACE}`, 'Space', `/v1/spaces/${SPACE}`],
  [`/app/s/${SPACE}/guide/setup`, 'Page', `/v1/spaces/${SPACE}/content/path/guide/setup`],
  [`/app/s/${SPACE}/pages/page1`, 'Page', `/v1/spaces/${SPACE}/content/page/page1`],
  [`/app/s/${SPACE}/~/changes/3`, 'Change request', `/v1/spaces/${SPACE}/change-requests`],
  [`/app/s/${SPACE}/~/changes/cr1/guide`, 'Page of a change request', `/v1/spaces/${SPACE}/change-requests/cr1`],
])('When a browser opens %s, Then it is a public page naming the %s with its API URL', async (path, kind, api) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
  const html = await res.text();
  expect(html).toContain(`<h1>${kind}</h1>`);
  expect(html).toContain(`<a href="http://docs.example.test${api}">`);
});

test('When the object is an OpenAPI specification, Then the page gives its published URL too, saying it answers only while public', async () => {
  const html = await (await fetch(`${base}/app/o/${ORG}/openapi/petstore`)).text();
  expect(html).toContain(`<a href="http://docs.example.test/openapi/${ORG}/petstore.json">`);
  expect(html).toMatch(/only while the specification is public/);
});

test('When the path carries markup, Then it is shown escaped, never as HTML', async () => {
  const res = await fetch(`${base}/app/s/${SPACE}/%3Cscript%3Ealert(1)%3C%2Fscript%3E%22%27`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).not.toContain('<script>');
  expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;');
});

test.each([
  ['an unknown kind', '/app/x/abc'],
  ['the app root', '/app'],
  ['an id with characters no id has', '/app/o/a%20b'],
  ['a malformed escape', '/app/s/%E0%A4%A'],
  ['a path too long', `/app/s/${SPACE}/${'a/'.repeat(1100)}`],
])('When the path is %s, Then it is a 404 in the error shape', async (_label, path) => {
  const res = await fetch(`${base}${path}`);
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: 404, message: expect.any(String) } });
});

test('When the method is not GET, Then it is a 405 in the error shape', async () => {
  const res = await fetch(`${base}/app/s/${SPACE}`, { method: 'POST' });
  expect(res.status).toBe(405);
  expect((await res.json()).error.code).toBe(405);
});

test('When APP_URL is a web app elsewhere, Then the gateway serves nothing under /app', async () => {
  const elsewhere = await gateway({ APP_URL: 'https://app.example.test' });
  expect((await fetch(`${elsewhere}/app/s/${SPACE}`)).status).toBe(404);
});
