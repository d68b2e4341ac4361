import { createHash } from 'node:crypto';
import YAML from 'yaml';

export function hashDocument(markdown: string): string {
  return createHash('sha256').update(markdown).digest('hex');
}

/**
 * The key of a page written as a JSON document: its document as written and the markdown made of it (which holds
 * the batch's refs resolved), so that two documents with one markdown form stay two rows (docs/adr/0072).
 */
export function hashWrittenDocument(document: unknown, markdown: string): string {
  return createHash('sha256').update('document\n').update(JSON.stringify(document)).update('\n').update(markdown).digest('hex');
}

/** URL-safe slug of a title: lower case, ASCII letters and digits, words joined by "-". */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug || 'page';
}

export interface Frontmatter {
  title?: string;
  description?: string;
  icon?: string;
  emoji?: string;
  hidden?: boolean;
  layout?: Record<string, unknown>;
}

/**
 * How the YAML a tenant writes is parsed: no check of duplicate keys (the `yaml` package checks them pairwise, so a
 * mapping of 40,000 keys took 18 s; without the check 1 MB takes about 1 s, and the last of two keys wins) and few
 * aliases (a billion-laughs document stays small).
 */
export const YAML_LIMITS = { uniqueKeys: false, maxAliasCount: 10 } as const;

/** The front matter block (`---` lines at the very top, both included) and what follows it, both as written. */
export function splitFrontmatter(markdown: string): { block: string; yaml?: string; rest: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(markdown);
  return match ? { block: match[0], yaml: match[1], rest: markdown.slice(match[0].length) } : { block: '', rest: markdown };
}

/** Splits YAML frontmatter (between `---` lines at the very top) from the body. */
export function parseFrontmatter(markdown: string): { attributes: Frontmatter; body: string } {
  const { yaml, rest } = splitFrontmatter(markdown);
  if (yaml === undefined) return { attributes: {}, body: markdown };
  let parsed: unknown;
  try {
    parsed = YAML.parse(yaml, YAML_LIMITS);
  } catch {
    return { attributes: {}, body: markdown };
  }
  const attrs = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  const pick = (key: string) => {
    const value = attrs[key];
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  return {
    attributes: {
      title: pick('title'),
      description: pick('description'),
      icon: pick('icon'),
      emoji: pick('emoji'),
      ...(typeof attrs.hidden === 'boolean' ? { hidden: attrs.hidden } : {}),
      ...(attrs.layout && typeof attrs.layout === 'object' ? { layout: attrs.layout as Record<string, unknown> } : {}),
    },
    body: rest,
  };
}

/** The text of the first level-1 heading when the body starts with one (blank lines aside). */
export function leadingHeading(body: string): string | undefined {
  const match = /^\s*#\s+(.+?)\s*#*\s*$/m.exec(body.split(/\r?\n/).find((line) => line.trim() !== '') ?? '');
  return match ? match[1].trim() : undefined;
}

export interface MarkdownLink {
  href: string;
  text: string;
  image: boolean;
}

/** Inline links and images, outside fenced and inline code. */
export function extractLinks(markdown: string): MarkdownLink[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```|~~~[\s\S]*?~~~/g, '').replace(/`[^`\n]*`/g, '');
  const links: MarkdownLink[] = [];
  const re = /(!?)\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
  for (let m = re.exec(withoutCode); m; m = re.exec(withoutCode)) links.push({ image: m[1] === '!', text: m[2], href: m[3] });
  return links;
}

/**
 * Rewrites link targets (batch-local refs, repository paths...) in place, leaving everything else untouched: in
 * every place GitBook markdown writes one (the places `extractHrefs` reads), outside code: inline links and
 * images, reference definitions, HTML `href` and `src` attributes (figures, cards, links in tables) and the
 * `{% file src %}`, `{% content-ref url %}` and `{% embed url %}` blocks; and what `{% include %}` includes (a
 * reusable content, not a link).
 */
export function rewriteLinks(markdown: string, rewrite: (href: string) => string | undefined): string {
  const swap = (all: string, open: string, href: string, close: string) => {
    const next = rewrite(href);
    return next === undefined ? all : `${open}${next}${close}`;
  };
  return outsideCode(markdown, (text, lineStart) =>
    text
      .replace(/(!?\[[^\]]*\]\(\s*<?)([^)\s>]+)(>?(?:\s+"[^"]*")?\s*\))/g, swap)
      // A definition starts a line: not text that follows a code span.
      .replace(/^( {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?)([^\s>]+)()/gm, (all: string, open: string, href: string, close: string, at: number) => (at === 0 && !lineStart ? all : swap(all, open, href, close)))
      .replace(/(\{%\s*(?:file|embed|content-ref)\s+(?:src|url)\s*=\s*")([^"]+)(")/g, swap)
      .replace(/(\{%\s*include\s+")([^"]+)(")/g, swap)
      .replace(/<[a-z][^<>]*>/gi, (tag) => tag.replace(/(\s(?:href|src)\s*=\s*)(["'])([^"']*)\2/gi, (all, attr: string, quote: string, value: string) => {
        const next = rewrite(unescapeAttribute(value));
        return next === undefined ? all : `${attr}${quote}${next.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;')}${quote}`;
      })),
  );
}

const unescapeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/**
 * `edit` applied to the text between code fences and code spans, which hold no links; the code kept as it is.
 * `lineStart`: the text begins a line (not right after a code span).
 */
function outsideCode(markdown: string, edit: (text: string, lineStart: boolean) => string): string {
  let out = '';
  let last = 0;
  for (const code of markdown.matchAll(/```[\s\S]*?```|~~~[\s\S]*?~~~|`[^`\n]*`/g)) {
    out += edit(markdown.slice(last, code.index), last === 0 || markdown[last - 1] === '\n') + code[0];
    last = code.index + code[0].length;
  }
  return out + edit(markdown.slice(last), last === 0 || markdown[last - 1] === '\n');
}

export interface Section {
  /** Anchor id of the heading ("" for the text before the first heading). */
  id: string;
  title: string;
  body: string;
}

/** Splits a page body at its headings (levels 1 to 3), for search. */
export function splitSections(markdown: string, pageTitle: string): Section[] {
  const { body } = parseFrontmatter(markdown);
  const sections: Section[] = [];
  let current: Section = { id: '', title: pageTitle, body: '' };
  let inFence = false;
  for (const line of body.split(/\r?\n/)) {
    if (/^(```|~~~)/.test(line.trim())) inFence = !inFence;
    const heading = !inFence && /^(#{1,3})\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      if (current.body.trim() || current.id) sections.push(current);
      const title = heading[2].trim();
      current = { id: slugify(title), title, body: '' };
    } else current.body += `${line}\n`;
  }
  if (current.body.trim() || current.id) sections.push(current);
  return sections.map((s) => ({ ...s, body: s.body.trim() }));
}
