/**
 * An emoji as GitBook stores it (the `emoji` format: the character itself, or hex codepoints such as `1f389`
 * or `1f1eb-1f1f7`) as the characters to show. Anything else is returned as it is (the caller escapes it).
 */
export function emojiCharacters(value: string): string {
  if (!/^[0-9a-fA-F]{2,6}(?:-[0-9a-fA-F]{2,6})*$/.test(value)) return value;
  const points = value.split('-').map((hex) => Number.parseInt(hex, 16));
  return points.every((p) => p <= 0x10ffff && (p < 0xd800 || p > 0xdfff)) ? String.fromCodePoint(...points) : value;
}
