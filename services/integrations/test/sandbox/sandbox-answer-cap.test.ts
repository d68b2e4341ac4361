import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { ScriptSandboxes } from '../../src/sandbox/script-sandbox';
import { scriptOutbound } from '../../src/sandbox/script-outbound';

/**
 * Issue 21 §3 (docs/adr/0057): a script's answer is read as a stream within the byte cap of outbound answers,
 * and cut off past it with a clear error; what a script sends through its own fetch has the same cap.
 */
jest.setTimeout(90_000);

const CAP = 5 * 1024 * 1024;
let server: http.Server;
let origin: string;
const received: number[] = [];
let sandboxes: ScriptSandboxes;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      received.push(size);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandboxes = new ScriptSandboxes(
    { timeMs: 20_000, memoryBytes: 512 * 1024 * 1024, maxSandboxes: 4, maxResponseBytes: CAP, idleCpuMs: 200, platformPorts: [] },
    scriptOutbound({ allow: ['127.0.0.1'], timeoutMs: 10_000, maxBytes: CAP }),
    createLogger('sandbox-cap-test', 'silent'),
  );
});
afterAll(async () => {
  await sandboxes?.close();
  server?.close();
});

const call = (key: string, script: string) => sandboxes.call(key, script, { url: 'https://integration.invalid/v1', method: 'POST', headers: {}, body: Buffer.alloc(0) });

/** Streams as many MB as the request says, in 64 KB chunks, as fast as it is read. */
const streaming = `
export default {
  async fetch(request) {
    const mb = Number(await request.text());
    const chunk = new Uint8Array(65536).fill(120);
    let sent = 0;
    return new Response(new ReadableStream({ pull(controller) { if (sent >= mb * 1048576) return controller.close(); sent += chunk.length; controller.enqueue(chunk); } }));
  },
};`;
const stream = (key: string, mb: number) => sandboxes.call(key, streaming, { url: 'https://integration.invalid/v1', method: 'POST', headers: {}, body: Buffer.from(String(mb)) });

test('When a script streams a 200 MB answer, Then the call fails with TOO_LARGE at the cap and this process holds about the cap, not the answer', async () => {
  // Warm: the sandbox and its client are started before the measure.
  expect((await stream('streamer', 1)).body.length).toBe(1048576);
  const start = process.memoryUsage();
  const peak = { rss: start.rss, arrayBuffers: start.arrayBuffers };
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  }, 5);
  try {
    await expect(stream('streamer', 200)).rejects.toMatchObject({
      reason: 'TOO_LARGE',
      message: `the integration script answered more than ${CAP} bytes: its answer was cut off and its sandbox ended`,
    });
  } finally {
    clearInterval(sampler);
  }
  // Read whole, the answer is 200 MB of buffers at least; capped, the buffers held stay near the cap, and the
  // process grows by no more than its young generation's churn (measured: under 40 MB on a cold process).
  expect(peak.arrayBuffers - start.arrayBuffers).toBeLessThan(3 * CAP);
  expect(peak.rss - start.rss).toBeLessThan(80 * 1024 * 1024);
  // The sandbox is replaced: the next call answers.
  expect((await stream('streamer', 1)).body.length).toBe(1048576);
});

test('When a script sends more than the cap through its own fetch, Then its fetch is refused with a 502 that says so and nothing is sent', async () => {
  const script = `export default { async fetch() { const r = await fetch(${JSON.stringify(origin)}, { method: 'POST', body: new Uint8Array(${CAP + 1}) }); return new Response(r.status + ' ' + await r.text()); } }`;
  const answer = (await call('big-sender', script)).body.toString();
  expect(answer).toBe(`502 outbound request refused or failed: TOO_LARGE: the request body is larger than ${CAP} bytes`);
  expect(received).toEqual([]);
});
