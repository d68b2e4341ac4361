import { inflateSync } from 'node:zlib';
import { GitHostError } from './git-host-error';

/**
 * The bytes a git host's pack will take once inflated, counted before anything inflates it for keeps (docs/adr/0106):
 * a pack within the byte limit of a response can hold a file of gigabytes (zeros compress a thousandfold), and a
 * delta of a few bytes can rebuild a huge object. Each object is inflated here into at most the budget left (zlib
 * stops past it), and a delta counts the size it rebuilds. Pure (no I/O), bounded by `budget`.
 */
const OBJ_OFS_DELTA = 6;
const OBJ_REF_DELTA = 7;

/** The pack inside an upload-pack answer: its pkt-lines, side-band 1 (data) joined; band 3 is the host's error. */
export function packOfUploadResponse(body: Buffer): Buffer | undefined {
  const data: Buffer[] = [];
  let offset = 0;
  let sideBand = false;
  while (offset + 4 <= body.length) {
    const length = parseInt(body.subarray(offset, offset + 4).toString('ascii'), 16);
    if (Number.isNaN(length)) break;
    if (length < 4) {
      offset += 4;
      continue;
    }
    const payload = body.subarray(offset + 4, offset + length);
    offset += length;
    if (sideBand || payload[0] === 1 || payload[0] === 2 || payload[0] === 3) {
      if (payload[0] === 1) {
        sideBand = true;
        data.push(payload.subarray(1));
      } else if (payload[0] === 3) throw new GitHostError(`the git host failed: ${payload.subarray(1).toString().trim()}`);
    }
  }
  if (data.length) return Buffer.concat(data);
  // Without side-band the pack follows the negotiation lines as is.
  const at = body.indexOf('PACK');
  return at >= 0 ? body.subarray(at) : undefined;
}

/** A pack's objects' inflated bytes (deltas: what they rebuild); past `budget` it throws, having inflated no more. */
export function packInflatedBytes(pack: Buffer, budget: number): number {
  if (pack.length < 12 || pack.subarray(0, 4).toString('ascii') !== 'PACK') throw new GitHostError('the git host sent something that is not a pack');
  const count = pack.readUInt32BE(8);
  let offset = 12;
  let total = 0;
  const over = () => new GitHostError(`the repository's objects are larger than the ${budget} bytes a sync may inflate`);
  for (let i = 0; i < count; i++) {
    if (offset >= pack.length) throw new GitHostError('the git host sent a truncated pack');
    let byte = pack[offset++];
    const type = (byte >> 4) & 7;
    let size = byte & 15;
    let shift = 4;
    while (byte & 0x80) {
      byte = pack[offset++];
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    if (type === OBJ_OFS_DELTA) {
      do byte = pack[offset++];
      while (byte & 0x80);
    } else if (type === OBJ_REF_DELTA) offset += 20;
    if (size > budget - total) throw over();
    let inflated: Inflated;
    try {
      inflated = inflateCounted(pack.subarray(offset), Math.max(1, budget - total));
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw over();
      throw new GitHostError('the git host sent a pack that does not inflate');
    }
    offset += inflated.engine.bytesWritten;
    total += type === OBJ_OFS_DELTA || type === OBJ_REF_DELTA ? deltaResultSize(inflated.buffer) : inflated.buffer.length;
    if (total > budget) throw over();
  }
  return total;
}

type Inflated = { buffer: Buffer; engine: { bytesWritten: number } };
/** zlib's inflate with `info`: the output and how many input bytes the stream took (@types/node types only the output). */
const inflateCounted = (input: Buffer, maxOutputLength: number) => inflateSync(input, { info: true, maxOutputLength }) as unknown as Inflated;

/** A delta starts with the varints of its base's size and of the object it rebuilds. */
function deltaResultSize(delta: Buffer): number {
  let offset = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[offset++] ?? 0;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && offset < delta.length);
    return value;
  };
  varint();
  return varint();
}
