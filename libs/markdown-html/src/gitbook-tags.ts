/**
 * GitBook markdown's block tags, found before any markdown parser sees the text: `{% name attr="value" %}` on a
 * line of its own, closed by `{% endname %}`, `<details>` with its `<summary>`, and `$$` math blocks (docs/adr/0074). Pure. What
 * lies between a tag and its end is split again, so tags nest; fenced code is never searched for tags, and a tag
 * without its end (an `{% embed %}`) has no body. An unknown tag, or `{% endx %}` without its tag, stays text.
 */
export type Segment = (
  | { kind: 'markdown'; text: string }
  | { kind: 'tag'; name: string; attributes: Record<string, string>; body: Segment[] | undefined }
  | { kind: 'details'; open: boolean; summary: string; body: Segment[] }
  /** `$$` on a line of its own, the formula, `$$` again: read before markdown (`=` alone would underline a heading). */
  | { kind: 'math'; formula: string }
) & {
  /** The line (from 0) of the whole text the segment starts on. */
  line: number;
};

/** A block tag with its body (undefined for a tag without its end, like `{% embed %}`). */
export type TagSegment = Extract<Segment, { kind: 'tag' }>;

/** The tags named `name` directly inside `tag` (a container's items: `tab` in `tabs`, `step` in `stepper`...). */
export const childTags = (tag: TagSegment, name: string): TagSegment[] => (tag.body ?? []).filter((child): child is TagSegment => child.kind === 'tag' && child.name === name);

/** The tags this reader knows; any other `{% %}` line is left to the markdown. */
export const KNOWN_TAGS = new Set([
  'hint',
  'tabs',
  'tab',
  'stepper',
  'step',
  'columns',
  'column',
  'code',
  'content-ref',
  'embed',
  'file',
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'json',
  // `{% include "<target>" %}`: a reusable content (GitBook's includes); its one quoted value is read as `src`.
  'include',
]);

/** How deep tags may nest: deeper ones stay text (a hostile page cannot take the reader's stack). */
export const MAX_TAG_DEPTH = 24;

const TAG_LINE = /^\s*\{%\s*([a-z][a-z0-9-]*)(?:\s+"([^"]*)")?((?:\s+[a-zA-Z][\w-]*\s*=\s*"[^"]*")*)\s*%\}\s*$/;
const ATTRIBUTE = /([a-zA-Z][\w-]*)\s*=\s*"([^"]*)"/g;
const DETAILS_OPEN = /^\s*<details(\s+open(="[^"]*")?)?\s*>\s*$/i;
const DETAILS_CLOSE = /^\s*<\/details>\s*$/i;
const SUMMARY = /^\s*<summary>(.*)<\/summary>\s*$/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** A tag attribute's value as GitBook writes it: `&quot;`, `&#10;` and `&#125;` (see document-containers.ts). */
const unescapeAttribute = (value: string) => value.replace(/&#125;/g, '}').replace(/&#10;/g, '\n').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) attributes[name] = unescapeAttribute(value);
  return attributes;
}

type Line = { text: string; opens?: { name: string; attributes: Record<string, string> }; closes?: string; details?: 'open' | 'close' | boolean; math?: true };

/** Each line with what it is: a tag that opens or closes, `<details>` or `</details>`; never inside fenced code. */
function classify(lines: string[]): Line[] {
  let fence: string | undefined;
  return lines.map((text) => {
    // CommonMark: the info string of a backtick fence has no backtick (``` ``a`` ``` is a code span, not a fence).
    const opener = FENCE.exec(text);
    const fenceMark = opener && !(opener[1][0] === '`' && text.slice(opener[0].length).includes('`')) ? opener[1] : undefined;
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length && text.trim() === fenceMark) fence = undefined;
      return { text };
    }
    if (fenceMark) {
      fence = fenceMark;
      return { text };
    }
    const tag = TAG_LINE.exec(text);
    if (tag) {
      const [, name, positional, attributes] = tag;
      if (name.startsWith('end') && KNOWN_TAGS.has(name.slice(3))) return { text, closes: name.slice(3) };
      if (KNOWN_TAGS.has(name)) return { text, opens: { name, attributes: { ...(positional !== undefined ? { src: unescapeAttribute(positional) } : {}), ...attributesOf(attributes) } } };
    }
    if (text.trim() === '$$') return { text, math: true };
    if (DETAILS_OPEN.test(text)) return { text, details: /\sopen/i.test(text) ? 'open' : true };
    if (DETAILS_CLOSE.test(text)) return { text, details: 'close' };
    return { text };
  });
}

/** The index of the line that closes the tag opened at `from`, counting nested tags of the same name; -1: none. */
function closingOf(lines: Line[], from: number, end: number, name: string): number {
  let depth = 0;
  for (let i = from + 1; i < end; i++) {
    if (lines[i].opens?.name === name) depth++;
    else if (lines[i].closes === name) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

function closingDetails(lines: Line[], from: number, end: number): number {
  let depth = 0;
  for (let i = from + 1; i < end; i++) {
    if (lines[i].details === 'close') {
      if (depth === 0) return i;
      depth--;
    } else if (lines[i].details) depth++;
  }
  return -1;
}

export function splitTags(markdown: string): Segment[] {
  const lines = classify(markdown.split(/\r?\n/));
  return segmentsOf(lines, 0, lines.length, 0);
}

function segmentsOf(lines: Line[], start: number, end: number, depth: number): Segment[] {
  const segments: Segment[] = [];
  let text: string[] = [];
  let textLine = start;
  const flush = () => {
    if (text.some((line) => line.trim())) segments.push({ kind: 'markdown', text: text.join('\n'), line: textLine });
    text = [];
  };
  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (line.opens && depth < MAX_TAG_DEPTH) {
      const close = closingOf(lines, i, end, line.opens.name);
      flush();
      segments.push({ kind: 'tag', name: line.opens.name, attributes: line.opens.attributes, body: close < 0 ? undefined : segmentsOf(lines, i + 1, close, depth + 1), line: i });
      if (close >= 0) i = close;
      continue;
    }
    if (line.math) {
      let close = i + 1;
      while (close < end && !lines[close].math) close++;
      if (close < end) {
        flush();
        segments.push({ kind: 'math', formula: lines.slice(i + 1, close).map((l) => l.text).join('\n'), line: i });
        i = close;
        continue;
      }
    }
    if (line.details && line.details !== 'close' && depth < MAX_TAG_DEPTH) {
      const close = closingDetails(lines, i, end);
      if (close >= 0) {
        flush();
        // The summary is the first line that is not blank inside; without one the title is empty.
        let first = i + 1;
        while (first < close && !lines[first].text.trim()) first++;
        const summary = first < close ? SUMMARY.exec(lines[first].text) : null;
        segments.push({ kind: 'details', open: line.details === 'open', summary: summary ? summary[1].trim() : '', body: segmentsOf(lines, summary ? first + 1 : i + 1, close, depth + 1), line: i });
        i = close;
        continue;
      }
    }
    if (!text.length) textLine = i;
    text.push(line.text);
  }
  flush();
  return segments;
}
