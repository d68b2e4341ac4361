import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { decompressEncodedURIComponent } from '../../src/domain/bounded-lz-string';
import { platformPorts } from '../../src/domain/platform-ports';
import { compressToEncodedURIComponentFast } from '../../../../test/support/lz-string-fast';

/** The pure rules behind the render request's cap and the ports scripts never reach (docs/adr/0057). */
describe('bounded LZ-string decompression', () => {
  const samples = ['a', 'hello', JSON.stringify({ componentId: 'counter', props: { title: 'Ünïcode ✓ 𝄞' }, context: { type: 'document', theme: 'dark' } }), 'ab'.repeat(5000), Math.random().toString(36).repeat(300)];

  test.each(samples)('When a request decompresses within the cap, Then it is what lz-string decompresses (%#)', (text) => {
    const encoded = compressToEncodedURIComponent(text);
    expect(decompressEncodedURIComponent(encoded, 1_000_000)).toEqual({ ok: true, text: decompressFromEncodedURIComponent(encoded) });
    // Spaces stand for "+" as lz-string reads them (a query string's "+").
    expect(decompressEncodedURIComponent(encoded.replace(/\+/g, ' '), 1_000_000)).toEqual({ ok: true, text });
  });

  test('When a request decompresses past the cap, Then it is TOO_LARGE, found without building the output', () => {
    const bomb = compressToEncodedURIComponentFast('a'.repeat(30_000_000));
    expect(bomb.length).toBeLessThan(16_000);
    const started = Date.now();
    expect(decompressEncodedURIComponent(bomb, 1_048_576)).toEqual({ ok: false, problem: 'TOO_LARGE' });
    expect(Date.now() - started).toBeLessThan(1000);
    const text = 'x'.repeat(100);
    expect(decompressEncodedURIComponent(compressToEncodedURIComponent(text), 100)).toEqual({ ok: true, text });
    expect(decompressEncodedURIComponent(compressToEncodedURIComponent(text), 99)).toEqual({ ok: false, problem: 'TOO_LARGE' });
  });

  test.each(['', 'not-lz-at-all!', 'A', '$$$$'])('When the input is not LZ-string (%p), Then it is INVALID where lz-string finds nothing', (input) => {
    expect(decompressFromEncodedURIComponent(input) || undefined).toBeUndefined();
    const result = decompressEncodedURIComponent(input, 1_000_000);
    expect(result.ok ? result.text : '').toBe('');
  });
});

describe('platform ports', () => {
  test('When URLs name ports, Then those ports and the listed ones are refused; an http(s) URL without a port names none', () => {
    expect(
      platformPorts({
        urls: ['http://localhost:8080', 'https://docs.example.com', 'http://127.0.0.1:31305/', 'postgres://postgres@db/postgres', 'amqp://guest:guest@mq:5673', 'not a url'],
        ports: [8085, 0, 9464, 8080],
      }),
    ).toEqual([5432, 5673, 8080, 8085, 9464, 31305]);
  });
});
