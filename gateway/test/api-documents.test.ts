import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSERTION_HEADER, verifyAssertion } from '@dp/auth';
import { API_DOCUMENT_PATH, type ApiDocument } from '@dp/http';
import { closeServer } from '@dp/listen';
import { createLogger } from '@dp/log';
import { ApiDocuments } from '../src/api-documents';

/**
 * The gateway's merged API document (docs/adr/0046) against a fake identity service that is down, then up, then
 * down again: what is left out, kept, asked again and when, and what the routing table filters.
 */
const SECRET = 'gateway-api-documents-test-secret';

const identityDocument: ApiDocument = {
  openapi: '3.1.0',
  info: { title: 'identity service', version: '0.0.0' },
  tags: [{ name: 'identity' }, { name: 'spaces' }],
  paths: {
    '/user/tokens': { get: { operationId: 'getUserTokens', tags: ['identity'], responses: { '2XX': { description: 'Success' } } } },
    // Not routed to identity by the gateway: left out, with its tag.
    '/spaces/{spaceId}': { get: { operationId: 'getSpaceById', tags: ['spaces'], responses: { '200': { description: 'OK' } } } },
    // Outside /v1: public through the gateway (kept, at PUBLIC_URL), or not for identity (left out).
    '/sso/saml/{samlProviderId}/start': { get: { operationId: 'getSsoSamlBySamlProviderIdStart', tags: ['identity'], servers: [{ url: '/' }], security: [], responses: {} } },
    '/pdf/{token}': { get: { operationId: 'getPdfByToken', tags: ['identity'], servers: [{ url: '/' }], security: [], responses: {} } },
  },
  components: { schemas: { Error: { type: 'object' } } },
};

let up = false;
const asked: Array<string | undefined> = [];
const server = http.createServer((req, res) => {
  const claims = verifyAssertion(req.headers[ASSERTION_HEADER] as string | undefined, SECRET);
  asked.push(claims?.service);
  if (!up || req.url !== API_DOCUMENT_PATH) {
    res.writeHead(503).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(identityDocument));
});
let documents: ApiDocuments;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  documents = new ApiDocuments({ urls: { identity: url }, secret: SECRET, publicUrl: 'https://docs.example.com/', log: createLogger('gateway-test', 'silent'), refreshMs: 300, retryMs: 300 });
});
afterAll(() => closeServer(server));

const read = async () => JSON.parse(await documents.text()) as ApiDocument;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('When a deployed service does not answer, Then the document says so, is kept a few moments, and has the service once it answers', async () => {
  const first = await read();
  expect(first.paths).toEqual({});
  expect(first.info.description).toMatch(/Did not answer just now \(described as they last answered, if ever\): identity\./);
  expect(first.servers).toEqual([{ url: 'https://docs.example.com/v1', description: 'This deployment' }]);
  await read();
  expect(asked).toEqual(['gateway']);

  up = true;
  await sleep(350);
  const second = await read();
  expect(asked).toEqual(['gateway', 'gateway']);
  expect(Object.keys(second.paths)).toEqual(['/user/tokens', '/sso/saml/{samlProviderId}/start']);
  expect(second.paths['/sso/saml/{samlProviderId}/start'].get).toMatchObject({ security: [], servers: [{ url: 'https://docs.example.com' }] });
  expect(second.tags).toEqual([{ name: 'identity' }]);
  expect(second.info.description).not.toMatch(/Did not answer/);
  expect(second.components).toMatchObject({ schemas: { Error: { type: 'object' } }, securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' } } });
});

test('When a service stops answering, Then its last document is kept and it is named as not answering', async () => {
  up = false;
  await sleep(350);
  const third = await read();
  expect(Object.keys(third.paths)).toEqual(['/user/tokens', '/sso/saml/{samlProviderId}/start']);
  expect(third.info.description).toMatch(/Did not answer just now \(described as they last answered, if ever\): identity\./);
});
