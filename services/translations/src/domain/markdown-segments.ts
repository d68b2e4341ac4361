/**
 * What of a page's markdown a translator gets (docs/adr/0045): the prose only. Front matter, fenced and
 * indented code, `$$` math blocks, GitBook block tags, HTML lines and table separators are kept as they are; in
 * a line of prose the markup around the text (heading marks, list bullets, quote marks, table pipes) stays, and
 * inside the text, inline code and math, link and image targets, autolinks and HTML tags are protected as
 * numbered `<x id="n"/>` tags, which translators carry through unchanged (HTML mode). Pure, unit-tested.
 */
export interface SegmentedMarkdown {
  /** The texts to translate, in order. */
  segments: string[];
  /** Rebuilds the markdown with the segments' translations (same order, same count). */
  rebuild(translations: string[]): string;
}

const FENCE = /^\s{0,3}(```|~~~)/;
/** A line of `$$` alone opens or closes a math block (GitBook's dialect, docs/adr/0074). */
const MATH_FENCE = /^\s*\$\$\s*$/;
const TAG_LINE = /^\s*\{%[^%]*%\}\s*$/;
const HTML_LINE = /^\s*<\/?[a-zA-Z][^>]*>\s*$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** Leading markup of a prose line: heading, quote, bullet or numbered list, task box. */
const LINE_PREFIX = /^(\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)?)/;
/** Spans inside prose that are not words to translate: code, math, link/image targets, autolinks, HTML tags, hard breaks. */
const PROTECTED = /(`+)[^`]*?\1|\$\$[^\n$]+?\$\$|\]\([^)\s]*(?:\s+"[^"]*")?\)|<https?:\/\/[^>]+>|<\/?[a-zA-Z][^>]*>|https?:\/\/[^\s)]+|\{%[^%]*%\}|\\$/g;

export function segmentMarkdown(markdown: string): SegmentedMarkdown {
  const lines = markdown.split('\n');
  const parts: string[] = [];
  const segments: string[] = [];
  const slots = new Map<string, { prefix: string; suffix: string; protectedSpans: string[]; segment: number }>();
  let inFence: string | undefined;
  let inMath = false;
  const lastMathFence = lines.findLastIndex((line) => MATH_FENCE.test(line));
  let inFrontMatter = lines[0] === '---';
  lines.forEach((line, i) => {
    if (inFrontMatter) {
      parts.push(line);
      if (i > 0 && line === '---') inFrontMatter = false;
      return;
    }
    const fence = FENCE.exec(line)?.[1];
    if (inFence) {
      parts.push(line);
      if (fence === inFence) inFence = undefined;
      return;
    }
    if (fence) {
      inFence = fence;
      parts.push(line);
      return;
    }
    // A `$$` without a closing one is text, as the document reader reads it.
    if (inMath || (MATH_FENCE.test(line) && i < lastMathFence)) {
      parts.push(line);
      if (MATH_FENCE.test(line)) inMath = !inMath;
      return;
    }
    if (!line.trim() || /^( {4}|\t)/.test(line) || TAG_LINE.test(line) || HTML_LINE.test(line) || TABLE_SEPARATOR.test(line)) {
      parts.push(line);
      return;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      // A table row: each cell is its own text.
      const cells = line.split('|');
      const rebuilt = cells.map((cell, c) => (c === 0 || c === cells.length - 1 || !cell.trim() ? cell : prose(cell)));
      parts.push(rebuilt.join('|'));
      return;
    }
    const prefix = LINE_PREFIX.exec(line)?.[1] ?? '';
    parts.push(prose(line.slice(prefix.length), prefix));
  });

  /** A prose span: its text becomes a segment, and a marker in the line stands for its translation until rebuild. */
  function prose(text: string, prefix = ''): string {
    const lead = /^\s*/.exec(text)![0];
    const trail = /\s*$/.exec(text)![0];
    const core = text.slice(lead.length, text.length - trail.length);
    if (!/\p{L}/u.test(core.replace(PROTECTED, ''))) return prefix + text;
    const protectedSpans: string[] = [];
    const marked = core.replace(PROTECTED, (span) => `<x id="${protectedSpans.push(span) - 1}"/>`);
    const segment = segments.push(marked) - 1;
    const marker = `\uE000${parts.length}:${segment}\uE001`;
    slots.set(marker, { prefix: prefix + lead, suffix: trail, protectedSpans, segment });
    return marker;
  }

  return {
    segments,
    rebuild(translations: string[]): string {
      if (translations.length !== segments.length) throw new Error(`expected ${segments.length} translations, got ${translations.length}`);
      return parts
        .map((part) =>
          part.replace(/\uE000\d+:\d+\uE001/g, (marker) => {
            const slot = slots.get(marker);
            return slot ? slot.prefix + restore(translations[slot.segment], slot.protectedSpans) + slot.suffix : marker;
          }),
        )
        .join('\n');
    },
  };
}

/** Puts the protected spans back where the translator left their tags (any it dropped are appended, not lost). */
export function restore(translated: string, spans: string[]): string {
  const used = new Set<number>();
  const text = translated.replace(/<x\s+id="(\d+)"\s*\/>/g, (_, n: string) => {
    used.add(Number(n));
    return spans[Number(n)] ?? '';
  });
  const lost = spans.filter((_, i) => !used.has(i));
  return lost.length ? `${text} ${lost.join(' ')}` : text;
}

/** Words of a text (what `stats` count): runs of letters or digits. */
export const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;
