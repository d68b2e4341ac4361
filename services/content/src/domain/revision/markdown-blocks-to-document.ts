import MarkdownIt from 'markdown-it';
import { refFromLinkTarget } from './link-refs';
import { attr, inlinesFromTokens, type DocNode } from './markdown-inline-to-document';

type Token = MarkdownIt.Token;

/** CommonMark with GFM tables and strikethrough, raw HTML kept as tokens: what GitBook's markdown is written in. */
const parser = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);

/** A token with the tokens between it and its closing token, for the block tokens markdown-it gives flat. */
type Tree = { token: Token; children: Tree[] };

function treeOf(tokens: Token[]): Tree[] {
  const root: Tree[] = [];
  const stack: Tree[][] = [root];
  for (const token of tokens) {
    if (token.nesting === -1) {
      stack.pop();
      continue;
    }
    const node: Tree = { token, children: [] };
    stack[stack.length - 1].push(node);
    if (token.nesting === 1) stack.push(node.children);
  }
  return root;
}

const block = (type: string, nodes: DocNode[], data: DocNode = {}): DocNode => ({ object: 'block', type, isVoid: false, data, nodes });
const TASK = /^\[([ xX])\]\s+/;
const MATH = /^\$\$\n?([\s\S]*?)\n?\$\$$/;
const FIGURE = /^<figure>\s*<img\s+src="([^"]*)"(?:\s+alt="([^"]*)")?\s*\/?>\s*(?:<figcaption>\s*(?:<p>)?([\s\S]*?)(?:<\/p>)?\s*<\/figcaption>\s*)?<\/figure>\s*$/i;

/**
 * Markdown without GitBook's block tags (gitbook-tags.ts took those) as blocks of a GitBook JSON document: the
 * way back of document-to-markdown.ts for paragraphs, headings (a fourth level and deeper are heading-3), lists
 * (task lists when every item has its box), quotes, code, `$$` math, dividers, images (a paragraph of images
 * only, or a `<figure>`) and pipe tables. Pure. Other raw HTML is a paragraph of its text as written.
 */
export function blocksFromMarkdown(markdown: string): DocNode[] {
  const lines = markdown.split('\n');
  return treeOf(parser.parse(markdown, {})).flatMap((tree) => blockOf(tree, lines));
}

function blockOf({ token, children }: Tree, lines: string[]): DocNode[] {
  switch (token.type) {
    case 'paragraph_open':
      return [paragraphOf(children, token, lines)];
    case 'heading_open': {
      const level = Math.min(3, Number(token.tag.slice(1)));
      return [block(`heading-${level}`, inlinesOf(children))];
    }
    case 'bullet_list_open':
    case 'ordered_list_open':
      return [listOf(token, children, lines)];
    case 'blockquote_open':
      return [block('blockquote', children.flatMap((child) => blockOf(child, lines)))];
    case 'fence':
    case 'code_block':
      return [codeOf(token.content, token.info.trim().split(/\s+/)[0] ?? '')];
    case 'hr':
      return [{ object: 'block', type: 'divider', isVoid: true, data: {} }];
    case 'table_open':
      return [tableOf(children)];
    case 'html_block': {
      const figure = FIGURE.exec(token.content.trim());
      if (figure) return [imagesOf([{ src: decode(figure[1]), alt: decode(figure[2] ?? ''), caption: figure[3] ?? '' }])];
      return [block('paragraph', [text(token.content.replace(/\n$/, ''))])];
    }
    default:
      return [];
  }
}

const text = (value: string): DocNode => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
const decode = (value: string) => value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function inlinesOf(children: Tree[]): DocNode[] {
  const inline = children.find((child) => child.token.type === 'inline');
  const nodes = inline ? inlinesFromTokens(inline.token.children ?? []) : [];
  return nodes.length ? nodes : [text('')];
}

/** A paragraph; `$$ … $$` alone is a math block, and images alone an images block. */
function paragraphOf(children: Tree[], token: Token, lines: string[]): DocNode {
  const source = token.map ? lines.slice(token.map[0], token.map[1]).join('\n').trim() : '';
  const math = MATH.exec(source);
  if (math && source.startsWith('$$') && source.endsWith('$$') && source.length > 4) return { object: 'block', type: 'math', isVoid: true, data: { formula: math[1] } };
  const inline = children.find((child) => child.token.type === 'inline')?.token.children ?? [];
  const images = inline.filter((t) => t.type === 'image');
  if (images.length && inline.every((t) => t.type === 'image' || t.type === 'softbreak' || (t.type === 'text' && !t.content.trim()))) {
    return imagesOf(images.map((image) => ({ src: attr(image, 'src'), alt: image.content, caption: '' })));
  }
  return block('paragraph', inlinesOf(children));
}

function imagesOf(images: Array<{ src: string; alt: string; caption: string }>): DocNode {
  return {
    object: 'block',
    type: 'images',
    isVoid: false,
    data: {},
    nodes: images.map(({ src, alt, caption }) => ({
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref: refFromLinkTarget(src), ...(alt ? { alt } : {}) },
      fragments: caption.trim() ? [{ object: 'fragment', fragment: 'caption', nodes: blocksFromMarkdown(caption.trim()) }] : [],
    })),
  };
}

export function codeOf(content: string, syntax: string, extra: DocNode = {}): DocNode {
  const lines = content.replace(/\n$/, '').split('\n');
  return block('code', lines.map((line) => block('code-line', [text(line)])), { ...(syntax ? { syntax } : {}), ...extra });
}

function listOf(token: Token, items: Tree[], lines: string[]): DocNode {
  const parsed = items.map((item) => item.children.flatMap((child) => blockOf(child, lines)));
  const boxOf = (blocks: DocNode[]) => {
    const first = (blocks[0]?.nodes as DocNode[] | undefined)?.[0];
    const leaf = first?.object === 'text' ? (first.leaves as Array<{ text: string }>)[0] : undefined;
    return blocks[0]?.type === 'paragraph' && leaf ? TASK.exec(leaf.text) : null;
  };
  const tasks = token.type === 'bullet_list_open' && parsed.length > 0 && parsed.every((blocks) => boxOf(blocks));
  const listItems = parsed.map((blocks) => {
    if (!tasks) return block('list-item', blocks);
    const box = boxOf(blocks)!;
    const leaf = ((blocks[0].nodes as DocNode[])[0].leaves as Array<{ text: string }>)[0];
    leaf.text = leaf.text.slice(box[0].length);
    return block('list-item', blocks, { checked: box[1] !== ' ' });
  });
  if (tasks) return block('list-tasks', listItems);
  if (token.type === 'bullet_list_open') return block('list-unordered', listItems);
  const start = Number(attr(token, 'start') || 1);
  return block('list-ordered', listItems, start !== 1 ? { start } : {});
}

/** A pipe table as a grid table: a text column per header cell, a record per row, each cell a fragment. */
function tableOf(sections: Tree[]): DocNode {
  const rows = sections.flatMap((section) => section.children.filter((row) => row.token.type === 'tr_open'));
  const [header, ...body] = rows;
  const columns = (header?.children ?? []).map((_, i) => `c${i}`);
  const definition: DocNode = {};
  (header?.children ?? []).forEach((cell, i) => {
    const style = attr(cell.token, 'style');
    const alignment = /text-align:(center|right|left)/.exec(style)?.[1] ?? 'left';
    definition[columns[i]] = { id: columns[i], type: 'text', title: plainText(cell.children), textAlignment: alignment };
  });
  const records: DocNode = {};
  const fragments: DocNode[] = [];
  body.forEach((row, r) => {
    const values: DocNode = {};
    row.children.forEach((cell, c) => {
      if (c >= columns.length) return;
      const id = `r${r}-c${c}`;
      values[columns[c]] = id;
      fragments.push({ object: 'fragment', fragment: id, nodes: [block('paragraph', inlinesOf(cell.children))] });
    });
    records[`r${r}`] = { orderIndex: `a${String(r).padStart(6, '0')}`, values };
  });
  return { object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns, hideHeader: false }, records, definition }, fragments };
}

function plainText(children: Tree[]): string {
  const inline = children.find((child) => child.token.type === 'inline')?.token.children ?? [];
  return inline.map((t) => (t.type === 'softbreak' ? ' ' : t.content)).join('');
}
