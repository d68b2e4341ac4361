import { splitTags, type Segment } from '@dp/markdown-html';
import { parseFrontmatter } from './markdown';

/**
 * Where pages include reusable contents (docs/adr/0109): a line `{% include "/reusable-contents/<id>" %}` outside
 * code. What readers see (a published page, a PDF) has the reusable content's markdown in its place. One level: an
 * include inside a reusable content stays a tag (it renders as nothing). Bounded, since a tenant writes both sides:
 * at most MAX_INCLUDES per page are expanded and MAX_INCLUDED_CHARS in all; past either, the tag stays. Pure.
 */
export const MAX_INCLUDES = 50;
export const MAX_INCLUDED_CHARS = 1_000_000;

const TARGET = /^\/reusable-contents\/([^/#?\s]+)$/;

const safeDecode = (id: string) => {
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
};

/** Each line of `markdown`, with the reusable content it includes: GitBook's tags as `splitTags` reads them (never in code). */
function linesOf(markdown: string): Array<{ text: string; includes?: string }> {
  const includes = new Map<number, string>();
  const walk = (segments: Segment[]) => {
    for (const segment of segments) {
      if (segment.kind === 'details') walk(segment.body);
      if (segment.kind !== 'tag') continue;
      const id = segment.name === 'include' ? TARGET.exec(segment.attributes.src ?? '')?.[1] : undefined;
      if (id) includes.set(segment.line, safeDecode(id));
      walk(segment.body ?? []);
    }
  };
  walk(splitTags(markdown));
  return markdown.split('\n').map((text, line) => {
    const id = includes.get(line);
    return id === undefined ? { text } : { text, includes: id };
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
