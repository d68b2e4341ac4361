import { deflateSync } from 'node:zlib';
import { GitHostError } from '../../src/providers/git-host-error';
import { packInflatedBytes, packOfUploadResponse } from '../../src/providers/git-pack';

/* A fetched pack's inflated size, counted before anything keeps it (issue 27's hostile repositories, ADR 0106). */
const varint = (n: number) => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
};
/** A pack object's header: type and size, the size's low 4 bits first. */
const header = (type: number, size: number) => {
  const out = [(type << 4) | (size & 15)];
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    out[out.length - 1] |= 0x80;
    out.push(rest & 0x7f);
    rest = Math.floor(rest / 128);
  }
  return Buffer.from(out);
};
const pack = (objects: Buffer[]) => {
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'ascii');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(objects.length, 8);
  return Buffer.concat([head, ...objects, Buffer.alloc(20)]);
};
const blob = (content: Buffer) => Buffer.concat([header(3, content.length), deflateSync(content)]);
/** A REF_DELTA that says it rebuilds `result` bytes (instructions aside). */
const delta = (result: number) => {
  const data = Buffer.from([...varint(10), ...varint(result), 0x90, 0x10]);
  return Buffer.concat([header(7, data.length), Buffer.alloc(20, 1), deflateSync(data)]);
};

test('When a pack holds small objects, Then their inflated bytes are counted', () => {
  expect(packInflatedBytes(pack([blob(Buffer.from('hello')), blob(Buffer.from('world!'))]), 1000)).toBe(11);
});

test('When a small pack inflates past the budget (a compressed bomb), Then it is refused before it is inflated past it', () => {
  const bomb = pack([blob(Buffer.alloc(50_000_000))]);
  expect(bomb.length).toBeLessThan(100_000);
  expect(() => packInflatedBytes(bomb, 1_000_000)).toThrow(/larger than the 1000000 bytes a sync may inflate/);
});

test('When an object lies about its size, or a delta rebuilds more than the budget, Then it is refused', () => {
  const lying = Buffer.concat([header(3, 10), deflateSync(Buffer.alloc(5_000_000))]);
  expect(() => packInflatedBytes(pack([lying]), 1_000_000)).toThrow(GitHostError);
  expect(() => packInflatedBytes(pack([delta(2 ** 40)]), 1_000_000)).toThrow(/may inflate/);
  expect(packInflatedBytes(pack([delta(500)]), 1_000_000)).toBe(500);
});

test('When the answer is not a pack, or is truncated, Then it is refused', () => {
  expect(() => packInflatedBytes(Buffer.from('not a pack at all'), 1000)).toThrow(/not a pack/);
  const whole = pack([blob(Buffer.from('abc')), blob(Buffer.from('def'))]);
  expect(() => packInflatedBytes(whole.subarray(0, 12 + 5), 1000)).toThrow(GitHostError);
});

test('When an upload-pack answer is side-banded, Then its pack is band 1 joined, and band 3 is the host s error', () => {
  const line = (band: number, data: Buffer) => Buffer.concat([Buffer.from((data.length + 5).toString(16).padStart(4, '0')), Buffer.from([band]), data]);
  const body = pack([blob(Buffer.from('hello'))]);
  const answer = Buffer.concat([Buffer.from('0008NAK\n'), line(2, Buffer.from('counting objects')), line(1, body.subarray(0, 10)), line(1, body.subarray(10)), Buffer.from('0000')]);
  expect(packOfUploadResponse(answer)).toEqual(body);
  expect(() => packOfUploadResponse(Buffer.concat([Buffer.from('0008NAK\n'), line(3, Buffer.from('access denied'))]))).toThrow(/the git host failed: access denied/);
});
