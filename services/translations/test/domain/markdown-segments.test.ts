import { countWords, restore, segmentMarkdown } from '../../src/domain/markdown-segments';

/** A fake translator: upper-cases letters outside the protected tags. */
const shout = (text: string) => text.replace(/(<x id="\d+"\/>)|([^<]+)/g, (_, tag: string | undefined, words: string | undefined) => tag ?? words!.toUpperCase());

describe('markdown segments', () => {
  const page = [
    '---',
    'description: Keep me',
    '---',
    '# Getting started',
    '',
    'Read the [setup guide](./setup.md) and run `npm install` first.',
    '',
    '- one item',
    '1. first step',
    '> a quote',
    '',
    '```bash',
    'echo not translated',
    '```',
    '',
    '    indented code stays',
    '',
    '| Name | Value |',
    '| --- | --- |',
    '| colour | blue |',
    '',
    '![a diagram](/files/abc123)',
    '{% hint style="info" %}',
    'Hints are prose.',
    '{% endhint %}',
    'See https://example.com/docs now.',
  ].join('\n');

  test('When a page is segmented, Then only prose is sent, with code, link targets and URLs protected', () => {
    const { segments } = segmentMarkdown(page);
    expect(segments).toEqual([
      'Getting started',
      'Read the [setup guide<x id="0"/> and run <x id="1"/> first.',
      'one item',
      'first step',
      'a quote',
      'Name',
      'Value',
      'colour',
      'blue',
      '![a diagram<x id="0"/>',
      'Hints are prose.',
      'See <x id="0"/> now.',
    ]);
  });

  test('When translations come back, Then the page is rebuilt with its structure, code, front matter and links intact', () => {
    const { segments, rebuild } = segmentMarkdown(page);
    const out = rebuild(segments.map(shout));
    expect(out).toBe(
      [
        '---',
        'description: Keep me',
        '---',
        '# GETTING STARTED',
        '',
        'READ THE [SETUP GUIDE](./setup.md) AND RUN `npm install` FIRST.',
        '',
        '- ONE ITEM',
        '1. FIRST STEP',
        '> A QUOTE',
        '',
        '```bash',
        'echo not translated',
        '```',
        '',
        '    indented code stays',
        '',
        '| NAME | VALUE |',
        '| --- | --- |',
        '| COLOUR | BLUE |',
        '',
        '![A DIAGRAM](/files/abc123)',
        '{% hint style="info" %}',
        'HINTS ARE PROSE.',
        '{% endhint %}',
        'SEE https://example.com/docs NOW.',
      ].join('\n'),
    );
  });

  test('When a translator drops a tag, Then the protected span is kept at the end of the text rather than lost', () => {
    expect(restore('bonjour', ['`code`'])).toBe('bonjour `code`');
    expect(restore('<x id="0"/> et <x id="1"/>', ['`a`', '`b`'])).toBe('`a` et `b`');
  });

  test('When the counts differ, Then rebuilding refuses', () => {
    expect(() => segmentMarkdown('Hello').rebuild([])).toThrow('expected 1 translations, got 0');
  });

  test('When words are counted, Then runs of letters and digits count, code-like punctuation does not', () => {
    expect(countWords('Hello, world: it’s 2 e-mails!')).toBe(5);
    expect(countWords('')).toBe(0);
  });
});

describe('markdown segments of GitBook blocks (docs/adr/0074)', () => {
  test('When a page holds math, tabs and an expandable, Then formulas and tag attributes stay out of the segments and come back unchanged', () => {
    const page = [
      '{% tabs %}',
      '{% tab title="First tab" %}',
      'Energy is $$E = mc^2$$ here.',
      '{% endtab %}',
      '{% endtabs %}',
      '',
      '$$',
      'f(x) = x^2',
      '$$',
      '',
      '<details>',
      '<summary>More details</summary>',
      '',
      'Hidden text.',
      '',
      '</details>',
      '',
      '$$ alone is text',
    ].join('\n');
    const { segments, rebuild } = segmentMarkdown(page);
    expect(segments).toEqual(['Energy is <x id="0"/> here.', '<x id="0"/>More details<x id="1"/>', 'Hidden text.', '$$ alone is text']);
    const out = rebuild(segments.map(shout));
    expect(out).toContain('{% tab title="First tab" %}');
    expect(out).toContain('ENERGY IS $$E = mc^2$$ HERE.');
    expect(out).toContain('$$\nf(x) = x^2\n$$');
    expect(out).toContain('<summary>MORE DETAILS</summary>');
  });
});
