import { parseFrontmatter } from './markdown';

/**
 * Where pages include reusable contents (docs/adr/0109): a line `{% include "/reusable-contents/<id>" %}` outside
 * code. What readers see (a published page, a PDF) has the reusable content's markdown in its place. One level: an
 * include inside a reusable content stays a tag (it renders as nothing). Bounded, since a tenant writes both sides:
 * at most MAX_INCLUDES per page are expanded and MAX_INCLUDED_CHARS in all; past either, the tag stays. Pure.
 */
export const MAX_INCLUDES = 50;
export const MAX_INCLUDED_CHARS = 1_000_000;

const INCLUDE_LINE = /^[ \t]*\{%\s*include\s+"\/reusable-contents\/([^"/#?\s]+)"\s*%\}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Each line of `markdown`, with the reusable content it includes (outside fenced code). */
function linesOf(markdown: string): Array<{ text: string; includes?: string }> {
  let fence: string | undefined;
  return markdown.split('\n').map((text) => {
    const mark = FENCE.exec(text)?.[1];
    if (fence) {
      if (mark && mark[0] === fence[0] && mark.length >= fence.length && text.trim() === mark) fence = undefined;
      return { text };
    }
    if (mark) {
      fence = mark;
      return { text };
    }
    const id = INCLUDE_LINE.exec(text)?.[1];
    return id ? { text, includes: decodeURIComponent(id) } : { text };
  });
}

/** The ids of the reusable contents a page's markdown includes, in order, once each. */
export const includedIds = (markdown: string): string[] => [...new Set(linesOf(markdown).flatMap((line) => (line.includes ? [line.includes] : [])))];

/** `markdown` with its includes replaced by the markdown `reusable` gives (undefined: none such, the tag stays). */
export function expandIncludes(markdown: string, reusable: (id: string) => string | undefined): string {
  let expanded = 0;
  let chars = 0;
  return linesOf(markdown)
    .map((line) => {
      const body = line.includes === undefined ? undefined : reusable(line.includes);
      if (body === undefined || expanded >= MAX_INCLUDES) return line.text;
      const text = parseFrontmatter(body).body.trim();
      if (chars + text.length > MAX_INCLUDED_CHARS) return line.text;
      expanded++;
      chars += text.length;
      return text;
    })
    .join('\n');
}
