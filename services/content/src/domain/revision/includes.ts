import { splitTags, type Segment } from '@dp/markdown-html';
import { refFromLinkTarget } from './link-refs';
import { parseFrontmatter } from './markdown';

/**
 * Where pages include reusable contents (docs/adr/0109): a line `{% include "/reusable-contents/<id>" %}` outside
 * code. What readers see (a published page, a PDF) has the reusable content's markdown in its place. One level: an
 * include inside a reusable content stays a tag (it renders as nothing). Bounded, since a tenant writes both sides:
 * at most MAX_INCLUDES per page are expanded and MAX_INCLUDED_CHARS in all; past either, the tag stays. Pure.
 */
export const MAX_INCLUDES = 50;
export const MAX_INCLUDED_CHARS = 1_000_000;

/** Each line of `markdown`, with the reusable content it includes: GitBook's tags as `splitTags` reads them (never in code). */
function linesOf(markdown: string): Array<{ text: string; includes?: string }> {
  const includes = new Map<number, string>();
  const walk = (segments: Segment[]) => {
    for (const segment of segments) {
      if (segment.kind === 'details') walk(segment.body);
      if (segment.kind !== 'tag') continue;
      // The target read as every link target is (link-refs.ts): `/reusable-contents/<id>`, its id decoded.
      const ref = segment.name === 'include' ? refFromLinkTarget(segment.attributes.src ?? '') : undefined;
      if (ref?.kind === 'reusable-content') includes.set(segment.line, ref.reusableContent);
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

type JsonNode = Record<string, unknown>;
const isNode = (value: unknown): value is JsonNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reusable content a block includes (one of this space: a ref naming another space is left alone). */
function includedBy(node: JsonNode): string | undefined {
  if (node.type !== 'reusable-content' || !isNode(node.data)) return undefined;
  const ref = node.data.ref;
  return isNode(ref) && ref.kind === 'reusable-content' && ref.space === undefined && typeof ref.reusableContent === 'string' ? ref.reusableContent : undefined;
}

/** The ids of the reusable contents a JSON document's blocks include, at any depth, once each. */
export function includedIdsOfDocument(document: unknown): string[] {
  const ids = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!isNode(value)) return;
    const id = includedBy(value);
    if (id) ids.add(id);
    walk(value.nodes);
    walk(value.fragments);
  };
  walk(document);
  return [...ids];
}

/**
 * A JSON document with each `reusable-content` block replaced by the blocks of what it includes (the official
 * `dereferenced`), at any depth of containers, one level of includes, at most MAX_INCLUDES of them; `nodesOf`
 * undefined: none such, the block stays. A new document: the stored one is not changed. Pure.
 */
export function inlineReusableContents(document: unknown, nodesOf: (id: string) => unknown[] | undefined): unknown {
  let inlined = 0;
  const inList = (list: unknown[]): unknown[] =>
    list.flatMap((child) => {
      const id = isNode(child) ? includedBy(child) : undefined;
      const nodes = id === undefined || inlined >= MAX_INCLUDES ? undefined : nodesOf(id);
      if (nodes === undefined) return [inNode(child)];
      inlined++;
      return structuredClone(nodes);
    });
  const inNode = (value: unknown): unknown => {
    if (!isNode(value)) return value;
    const out: JsonNode = { ...value };
    if (Array.isArray(value.nodes)) out.nodes = inList(value.nodes);
    if (Array.isArray(value.fragments)) out.fragments = value.fragments.map(inNode);
    return out;
  };
  return inNode(document);
}
