import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@dp/log';
import { translateAll } from '../../src/providers/batched';
import { deeplProvider } from '../../src/providers/deepl';
import { libreTranslate } from '../../src/providers/libretranslate';
import { ProviderError } from '../../src/providers/translator';

/**
 * Both provider adapters against servers of this file on 127.0.0.1 speaking their APIs: DeepL's
 * `/v2/translate` (form-encoded, through the official deepl-node client) and LibreTranslate's `/translate`.
 */
let server: http.Server;
let base: string;
const seen: Array<{ path: string; body: string; auth?: string }> = [];
let statuses: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      seen.push({ path: req.url ?? '', body, auth: req.headers.authorization });
      const status = statuses.shift() ?? 200;
      if (status !== 200) return void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not now' }));
      if (req.url === '/v2/translate') {
        const texts = new URLSearchParams(body).getAll('text');
        return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translations: texts.map((t) => ({ detected_source_language: 'EN', text: `[de] ${t}` })) }));
      }
      const q: string[] = JSON.parse(body).q;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: q.map((t) => `[fr] ${t}`) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
  statuses = [];
});

const log = createLogger('providers-test', 'silent');

describe('DeepL (deepl-node)', () => {
  const deepl = () => deeplProvider({ authKey: 'test-key:fx', serverUrl: base, batchChars: 10_000 });

  test('When texts are translated, Then deepl-node sends them with HTML tag handling and the instructions as context, and the answers come back in order', async () => {
    const out = await deepl().translate({ texts: ['Hello <x id="0"/>', 'World'], source: 'en', target: 'de', context: 'Formal tone.' }, 5000);
    expect(out).toEqual(['[de] Hello <x id="0"/>', '[de] World']);
    const form = new URLSearchParams(seen[0].body);
    expect(seen[0].path).toBe('/v2/translate');
    expect(seen[0].auth).toBe('DeepL-Auth-Key test-key:fx');
    expect({ text: form.getAll('text'), source: form.get('source_lang'), target: form.get('target_lang'), tags: form.get('tag_handling'), context: form.get('context') }).toEqual({
      text: ['Hello <x id="0"/>', 'World'],
      source: 'en',
      target: 'de',
      tags: 'html',
      context: 'Formal tone.',
    });
  });

  test('When DeepL answers 429, Then it is a retryable failure, and translateAll succeeds on the retry', async () => {
    statuses = [429];
    await expect(deepl().translate({ texts: ['a'], source: 'en', target: 'de' }, 5000)).rejects.toMatchObject({ retryable: true });
    statuses = [429];
    expect(await translateAll(deepl(), { texts: ['a', 'b'], source: 'en', target: 'de' }, { retries: 2, backoffMs: 10, timeoutMs: 5000 }, log)).toEqual(['[de] a', '[de] b']);
    expect(seen).toHaveLength(3);
  });
});

describe('LibreTranslate', () => {
  const libre = (batchTexts = 50) => libreTranslate({ url: base, apiKey: 'k', batchTexts, batchChars: 10_000 });

  test('When texts are translated in batches, Then each request carries q as an array in HTML format with the API key, in order', async () => {
    const out = await translateAll(libre(2), { texts: ['one', 'two', 'three'], source: 'pt-br', target: 'zh-tw' }, { retries: 0, backoffMs: 10, timeoutMs: 5000 }, log);
    expect(out).toEqual(['[fr] one', '[fr] two', '[fr] three']);
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      { q: ['one', 'two'], source: 'pt', target: 'zt', format: 'html', api_key: 'k' },
      { q: ['three'], source: 'pt', target: 'zt', format: 'html', api_key: 'k' },
    ]);
  });

  test('When the server answers 5xx, Then it is retried; a 400 is final, with what the server said', async () => {
    statuses = [503];
    expect(await translateAll(libre(), { texts: ['x'], source: 'en', target: 'fr' }, { retries: 1, backoffMs: 10, timeoutMs: 5000 }, log)).toEqual(['[fr] x']);
    statuses = [400];
    const failure = translateAll(libre(), { texts: ['x'], source: 'en', target: 'fr' }, { retries: 3, backoffMs: 10, timeoutMs: 5000 }, log);
    await expect(failure).rejects.toEqual(new ProviderError('LibreTranslate answered 400: {"message":"not now"}', false));
  });
});
