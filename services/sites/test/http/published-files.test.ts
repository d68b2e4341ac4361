import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { ASSERTION_HEADER, verifyAssertion } from '@dp/auth';
import { collectSpansIn, inRootSpan, startTracing, type Tracer } from '@dp/tracing';
import { publishedContentApi } from '../../src/clients/content';

// The publisher reads a file's bytes from content through libs/http's serviceDownload (docs/adr/0065), like every
// other call between services: the sites assertion, the trace context, content's failures as a 503.
collectSpansIn(new InMemorySpanExporter());
let tracer: Tracer;
beforeAll(async () => {
  ({ tracer } = await startTracing('sites-published-files-test', {}));
});
const SECRET = 'published-files-secret';
const seen: IncomingHttpHeaders[] = [];
let server: Server;
let api: ReturnType<typeof publishedContentApi>;

beforeAll(async () => {
  // Content's internal file route, standing in: a PNG, a missing file, a failing one.
  server = createServer((req, res) => {
    seen.push(req.headers);
    if (req.url?.endsWith('/published-files/logo')) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    } else if (req.url?.endsWith('/published-files/broken')) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"code":500,"message":"boom"}}');
    } else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404,"message":"File not found"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = publishedContentApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, SECRET);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('The publisher reading a file from content', () => {
  test('When the file exists, Then its bytes and type come back, asked as the sites service within the current trace', async () => {
    let traceId = '';
    const file = await inRootSpan(tracer, 'read file', async () => {
      traceId = trace.getActiveSpan()!.spanContext().traceId;
      return api.file('s1', 'r1', 'logo');
    });
    expect(file).toEqual({ bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' });
    const headers = seen.at(-1)!;
    expect(verifyAssertion(String(headers[ASSERTION_HEADER]), SECRET)).toMatchObject({ service: 'sites' });
    expect(headers.traceparent).toContain(traceId);
  });

  test('When content has no such file, Then it is absent; when content fails, Then a 503', async () => {
    await expect(api.file('s1', 'r1', 'gone')).resolves.toBeUndefined();
    await expect(api.file('s1', 'r1', 'broken')).rejects.toMatchObject({ status: 503 });
  });
});
