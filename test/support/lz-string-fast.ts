/**
 * lz-string's `compressToEncodedURIComponent`, same output, in linear time: lz-string keys its dictionary by
 * the growing phrases themselves, so compressing the tens of millions of characters a decompression bomb
 * stands for takes minutes; here a phrase is its code and one character (numbers as keys). For building
 * attack inputs in tests (test/security/integration-sandbox.test.ts).
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const BITS_PER_CHAR = 6;

export function compressToEncodedURIComponentFast(text: string): string {
  const out: string[] = [];
  let val = 0;
  let position = 0;
  const write = (value: number, bits: number) => {
    for (let i = 0; i < bits; i++) {
      val = (val << 1) | (value & 1);
      if (position === BITS_PER_CHAR - 1) {
        position = 0;
        out.push(ALPHABET[val]);
        val = 0;
      } else position++;
      value >>= 1;
    }
  };
  const charCode = new Map<number, number>();
  const toCreate = new Set<number>();
  const phrases = new Map<number, number>();
  let dictSize = 3;
  let enlargeIn = 2;
  let numBits = 2;
  const counted = () => {
    if (--enlargeIn === 0) enlargeIn = 2 ** numBits++;
  };
  /** w: the current phrase's code, and its first character while it is one character not yet emitted. */
  let w = -1;
  let wChar = -1;
  const emit = () => {
    if (wChar >= 0 && toCreate.has(wChar)) {
      if (wChar < 256) {
        write(0, numBits);
        write(wChar, 8);
      } else {
        write(1, numBits);
        write(wChar, 16);
      }
      counted();
      toCreate.delete(wChar);
    } else write(w, numBits);
    counted();
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!charCode.has(c)) {
      charCode.set(c, dictSize++);
      toCreate.add(c);
    }
    if (w < 0) {
      w = charCode.get(c) as number;
      wChar = c;
      continue;
    }
    const key = w * 65536 + c;
    const found = phrases.get(key);
    if (found !== undefined) {
      w = found;
      wChar = -1;
      continue;
    }
    emit();
    phrases.set(key, dictSize++);
    w = charCode.get(c) as number;
    wChar = c;
  }
  if (w >= 0) emit();
  write(2, numBits);
  for (;;) {
    val <<= 1;
    if (position === BITS_PER_CHAR - 1) {
      out.push(ALPHABET[val]);
      break;
    }
    position++;
  }
  return out.join('');
}
