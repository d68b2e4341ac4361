import type MarkdownIt from 'markdown-it';
import type { DocNode } from './document-nodes';
import { refFromLinkTarget } from './link-refs';

type Token = MarkdownIt.Token;
type Mark = { object: 'mark'; type: string; data?: Record<string, string> };
type Leaf = { object: 'leaf'; text: string; marks: Mark[] };

/** A token's attribute as a string ('' when it has none). */
export const attr = (token: Token, name: string): string => String(token.attrGet(name) ?? '');

/**
 * markdown-it's inline tokens as the inlines of a GitBook JSON document, the way back of document-inline.ts:
 * text leaves with their marks (bold, italic, strikethrough, code, `<kbd>`, `<sup>`, `<sub>`, `<mark style>` as a
 * color mark), links (to a URL, a page, a file or an anchor), images, inline math (the parser's `math_inline`),
 * `<i class="fa-x">:x:</i>` as an icon and `<a class="button ...">` as a button. Pure. Raw HTML it does not know
 * stays text as written.
 */
export function inlinesFromTokens(tokens: Token[]): DocNode[] {
  const out = new Inlines();
  const open = new OpenMarks();
  const marks = open.list;
  let link: { ref: DocNode; nodes: Inlines } | undefined;
  let button: { href: string; kind: string; label: string } | undefined;
  const target = () => link?.nodes ?? out;
  const closeLink = () => {
    if (!link) return;
    out.inline({ object: 'inline', type: 'link', isVoid: false, data: { ref: link.ref }, nodes: link.nodes.nodes.length ? link.nodes.nodes : [textNode('', [])] });
    link = undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (button) {
      if (token.type === 'html_inline' && /^<\/a>$/i.test(token.content)) {
        out.inline({ object: 'inline', type: 'button', isVoid: true, data: { label: button.label, kind: button.kind, ref: refFromLinkTarget(button.href) } });
        button = undefined;
      } else button.label += token.content;
      continue;
    }
    switch (token.type) {
      case 'text':
        target().text(token.content, marks);
        break;
      case 'math_inline':
        target().inline({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula: token.content } });
        break;
      case 'softbreak':
      case 'hardbreak':
        target().text('\n', marks);
        break;
      case 'code_inline':
        target().text(token.content, [...marks, { object: 'mark', type: 'code' }]);
        break;
      case 'strong_open':
      case 'em_open':
      case 's_open':
        open.open({ object: 'mark', type: MARKDOWN_MARKS[token.tag] });
        break;
      case 'strong_close':
      case 'em_close':
      case 's_close':
        open.close(MARKDOWN_MARKS[token.tag]);
        break;
      case 'link_open':
        if (!link) link = { ref: refFromLinkTarget(attr(token, 'href')), nodes: new Inlines() };
        break;
      case 'link_close':
        closeLink();
        break;
      case 'image':
        target().inline({ object: 'inline', type: 'inline-image', isVoid: true, data: { ref: refFromLinkTarget(attr(token, 'src')), ...(token.content ? { alt: token.content } : {}) } });
        break;
      case 'html_inline': {
        // A link written as HTML (GitBook's HTML table cells): `<a href="...">` to `</a>`, not a button.
        const anchor = /^<a\s+href="([^"]*)"\s*>$/i.exec(token.content);
        if (anchor && !link) {
          link = { ref: refFromLinkTarget(decodeHtml(anchor[1])), nodes: new Inlines() };
          break;
        }
        if (link && /^<\/a>$/i.test(token.content)) {
          closeLink();
          break;
        }
        const handled = htmlInline(token.content, tokens, i, open, target());
        if (handled === 'button') {
          const a = /href="([^"]*)"[^>]*class="button (primary|secondary)"/i.exec(token.content)!;
          button = { href: decodeHtml(a[1]), kind: a[2], label: '' };
        } else if (typeof handled === 'number') i = handled;
        else if (!handled) target().text(token.content, marks);
        break;
      }
      default:
        if (token.content) target().text(token.content, marks);
    }
  }
  return out.nodes;
}

/** The marks markdown's own delimiters give, by the tag markdown-it names them with. */
const MARKDOWN_MARKS: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strikethrough' };
/** Marks written as HTML: GitBook's own (`<kbd>`, `<sup>`, `<sub>`), and those of its HTML table cells. */
const FIXED_HTML_MARKS: Record<string, string> = { kbd: 'keyboard', sup: 'superscript', sub: 'subscript', strong: 'bold', b: 'bold', em: 'italic', i: 'italic', s: 'strikethrough', del: 'strikethrough', code: 'code' };

/**
 * A raw HTML inline GitBook's markdown uses: a mark opening or closing, an icon (returns the index of its last
 * token), a button's opening (`'button'`); false when it is none of these.
 */
function htmlInline(html: string, tokens: Token[], i: number, marks: OpenMarks, into: Inlines): boolean | number | 'button' {
  const icon = /^<i class="fa-([a-z0-9][a-z0-9-]*)">$/.exec(html);
  if (icon && tokens[i + 1]?.type === 'text' && tokens[i + 1].content === `:${icon[1]}:` && /^<\/i>$/.test(tokens[i + 2]?.content ?? '')) {
    into.inline({ object: 'inline', type: 'icon', isVoid: true, data: { icon: icon[1] } });
    return i + 2;
  }
  // `<mark>` has a style; the other marks are written bare.
  const tag = /^<(\/?)(?:(mark)\b([^>]*)|(kbd|sup|sub|strong|b|em|i|s|del|code))>$/i.exec(html);
  if (tag) {
    const [, closing, mark, rest = '', fixed] = tag;
    const type = mark ? 'color' : FIXED_HTML_MARKS[fixed.toLowerCase()];
    if (closing) marks.close(type);
    else marks.open(type === 'color' ? { object: 'mark', type, data: colorsOf(rest) } : { object: 'mark', type });
    return true;
  }
  if (/^<a\s+href="[^"]*"\s+class="button (primary|secondary)">$/i.test(html)) return 'button';
  return false;
}

/** `color:red;background-color:$info;` as a color mark's data; a color not given is `default`. */
export function colorsOf(attributes: string): Record<string, string> {
  const style = /style="([^"]*)"/.exec(attributes)?.[1] ?? '';
  const text = /(?:^|;)\s*color:\s*([^;]+)/.exec(style)?.[1].trim() ?? 'default';
  const background = /background-color:\s*([^;]+)/.exec(style)?.[1].trim() ?? 'default';
  return { text, background };
}

/** An HTML attribute value as text: the entities GitBook's markdown writes in them. */
export const decodeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#(\d{1,7});/g, (entity, code: string) => (Number(code) <= 0x10ffff ? String.fromCodePoint(Number(code)) : entity))
    .replace(/&amp;/g, '&');

/**
 * The marks open at a point of the text. A mark opened again while open is counted, not repeated, and closes
 * with its last closing: `<b>` written 100,000 times is one bold, not 100,000 marks copied into every leaf.
 * Colours nest (each closing ends the latest), at most MAX_OPEN_COLORS deep.
 */
export class OpenMarks {
  readonly list: Mark[] = [];
  private readonly depth = new Map<string, number>();
  private readonly colors: string[] = [];

  open(mark: Mark): void {
    const key = mark.type === 'color' ? `color:${JSON.stringify(mark.data)}` : mark.type;
    if (mark.type === 'color') {
      if (this.colors.length >= MAX_OPEN_COLORS) return;
      this.colors.push(key);
    }
    const depth = this.depth.get(key) ?? 0;
    this.depth.set(key, depth + 1);
    if (depth === 0) this.list.push(mark);
  }

  close(type: string): void {
    const key = type === 'color' ? this.colors.pop() : type;
    const depth = key === undefined ? 0 : (this.depth.get(key) ?? 0);
    if (key === undefined || depth === 0) return;
    this.depth.set(key, depth - 1);
    if (depth > 1) return;
    const at = this.list.findLastIndex((m) => (m.type === 'color' ? `color:${JSON.stringify(m.data)}` : m.type) === key);
    if (at >= 0) this.list.splice(at, 1);
  }
}
const MAX_OPEN_COLORS = 16;

const leafOf = (text: string, marks: Mark[]): Leaf => ({ object: 'leaf', text, marks: marks.map((m) => ({ ...m })) });
/** A text node of one leaf. */
export const textNode = (text: string, marks: Mark[] = []): DocNode => ({ object: 'text', leaves: [leafOf(text, marks)] });
const sameMarks = (a: Mark[], b: Mark[]) => a.length === b.length && a.every((m, i) => m.type === b[i].type && JSON.stringify(m.data) === JSON.stringify(b[i].data));

/** Inline nodes being built: consecutive text goes into one text node, a leaf per run of the same marks. */
export class Inlines {
  nodes: DocNode[] = [];

  text(text: string, marks: Mark[]): void {
    if (!text) return;
    const last = this.nodes[this.nodes.length - 1];
    if (last?.object !== 'text') {
      this.nodes.push(textNode(text, marks));
      return;
    }
    const leaves = last.leaves as Leaf[];
    const leaf = leaves[leaves.length - 1];
    if (sameMarks(leaf.marks, marks)) leaf.text += text;
    else leaves.push(leafOf(text, marks));
  }

  inline(node: DocNode): void {
    this.nodes.push(node);
  }
}
