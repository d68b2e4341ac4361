/**
 * `decompressFromEncodedURIComponent` of lz-string (MIT, the format GitBook's clients send a render request
 * in), with a cap on what it produces (docs/adr/0057): its dictionary lets a few kilobytes stand for tens of
 * millions of characters, so decoding stops as soon as the output passes `maxChars`. Same algorithm and
 * answers as lz-string's own otherwise (unit-tested against it). Pure.
 */
export type Decompressed = { ok: true; text: string } | { ok: false; problem: 'INVALID' | 'TOO_LARGE' };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const VALUE_OF = new Map([...ALPHABET].map((char, i) => [char, i]));
/** Each character of the encoded input carries 6 bits. */
const RESET = 32;

export function decompressEncodedURIComponent(encoded: string, maxChars: number): Decompressed {
  const input = encoded.replace(/ /g, '+');
  if (!input) return { ok: false, problem: 'INVALID' };
  let value = VALUE_OF.get(input[0]) ?? 0;
  let position = RESET;
  let index = 1;
  const readBits = (count: number): number => {
    let bits = 0;
    for (let power = 1; power !== 2 ** count; power <<= 1) {
      const bit = value & position;
      position >>= 1;
      if (position === 0) {
        position = RESET;
        value = VALUE_OF.get(input[index++]) ?? 0;
      }
      bits |= (bit > 0 ? 1 : 0) * power;
    }
    return bits;
  };

  const dictionary: string[] = ['', '', ''];
  let enlargeIn = 4;
  let numBits = 3;
  const first = readBits(2);
  if (first === 2) return { ok: true, text: '' };
  if (first > 2) return { ok: false, problem: 'INVALID' };
  let w = String.fromCharCode(readBits(first === 0 ? 8 : 16));
  dictionary[3] = w;
  const result = [w];
  let size = w.length;
  for (;;) {
    if (index > input.length) return { ok: false, problem: 'INVALID' };
    let code = readBits(numBits);
    if (code === 0 || code === 1) {
      dictionary.push(String.fromCharCode(readBits(code === 0 ? 8 : 16)));
      code = dictionary.length - 1;
      if (--enlargeIn === 0) enlargeIn = 2 ** numBits++;
    } else if (code === 2) {
      return { ok: true, text: result.join('') };
    }
    let entry: string;
    if (code < dictionary.length && code > 2) entry = dictionary[code];
    else if (code === dictionary.length) entry = w + w.charAt(0);
    else return { ok: false, problem: 'INVALID' };
    size += entry.length;
    if (size > maxChars) return { ok: false, problem: 'TOO_LARGE' };
    result.push(entry);
    dictionary.push(w + entry.charAt(0));
    if (--enlargeIn === 0) enlargeIn = 2 ** numBits++;
    w = entry;
  }
}
