import type { ReadableStream } from 'node:stream/web';

/**
 * Reads a body stream up to `maxBytes` (the cap of outbound answers, docs/adr/0057), holding no more than
 * the cap (plus one chunk); past it, undefined. An answer is then cancelled at once; a request being
 * received (`drain`) is read to its end and dropped, since its server must not answer before it has read it
 * (miniflare's loopback server fails on a socket gone before its answer finished).
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number, past: 'cancel' | 'drain' = 'cancel'): Promise<Buffer | undefined> {
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size > maxBytes ? undefined : Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size <= maxBytes) chunks.push(value);
    else if (past === 'cancel') {
      await reader.cancel().catch(() => undefined);
      return undefined;
    } else chunks.length = 0;
  }
}
