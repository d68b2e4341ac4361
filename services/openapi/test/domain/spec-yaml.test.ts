import { SpecLimitExceeded } from '../../src/domain/processing-error';
import { parseSpecText } from '../../src/domain/spec-yaml';

/** `levels` levels of the billion laughs: each lists the previous one ten times. */
function laughs(levels: number): string {
  const lines = [`a0: &a0 [${Array(10).fill('lol').join(', ')}]`];
  for (let i = 1; i < levels; i++) lines.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
  return lines.join('\n');
}

describe('parseSpecText', () => {
  test('When the text is JSON or YAML, Then it is parsed as such (a BOM is ignored)', () => {
    expect(parseSpecText('{"openapi": "3.1.0", "paths": {}}', 100)).toEqual({ openapi: '3.1.0', paths: {} });
    expect(parseSpecText('\ufeffopenapi: 3.1.0\npaths: {}\n', 100)).toEqual({ openapi: '3.1.0', paths: {} });
    expect(parseSpecText('{openapi: 3.1.0}', 100)).toEqual({ openapi: '3.1.0' });
  });

  test('When aliases stay within the limit, Then they are expanded', () => {
    expect(parseSpecText('a: &x {type: string}\nb: *x\nc: *x\n', 100)).toEqual({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } });
  });

  test.each([[3], [6], [9]])('When %i levels of the billion laughs are parsed, Then it is refused naming the limit', (levels) => {
    const parse = () => parseSpecText(laughs(levels), 100);
    expect(parse).toThrow(SpecLimitExceeded);
    expect(parse).toThrow(/YAML aliases .* at most 100 alias expansions/);
  });

  test('When the limit is raised or lowered, Then the same text passes or is refused by it', () => {
    expect(() => parseSpecText(laughs(3), 10_000)).not.toThrow();
    expect(() => parseSpecText('a: &x 1\nb: *x\n', 0)).toThrow(/at most 0 alias expansions/);
  });

  test('When the YAML is broken or names an unknown anchor, Then the parser’s own error is kept', () => {
    expect(() => parseSpecText('a: *nope\n', 100)).toThrow(/Unresolved alias/);
    expect(() => parseSpecText('a: [1, 2\n', 100)).toThrow(/flow sequence|Missing|expected/i);
  });
});
