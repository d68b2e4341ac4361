const NEWLINE = 0x0a;

/** The lines of a byte stream, split on `\n` only (COPY's text format escapes every other control character). */
export async function* lines(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    const buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let end = buffer.indexOf(NEWLINE); end !== -1; end = buffer.indexOf(NEWLINE, start)) {
      yield buffer.subarray(start, end);
      start = end + 1;
    }
    rest = buffer.subarray(start);
  }
  if (rest.length) yield rest;
}

/** How many whole lines a chunk of COPY output holds (each row ends with `\n`). */
export function countLines(chunk: Buffer): number {
  let count = 0;
  for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) count++;
  return count;
}
