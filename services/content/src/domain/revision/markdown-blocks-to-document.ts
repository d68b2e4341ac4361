import MarkdownIt from 'markdown-it';
import { inlineMath, readGitbookTable } from '@dp/markdown-html';
import { tableFromGitbookHtml } from './html-table-to-document';
import { refFromLinkTarget } from './link-refs';
import type { DocNode } from './document-nodes';
import { attr, decodeHtml, inlinesFromTokens, textNode } from './markdown-inline-to-document';

type Token = MarkdownIt.Token;

/**
 * CommonMark with GFM tables and strikethrough, raw HTML kept as tokens: what GitBook's markdown is written in;
 * and `$$formula$$` within a line as inline math, after the escapes (`\$\$` is text).
 */
const parser = new MarkdownIt('commonmark', { html: true }).enable(['table', 'strikethrough']);
parser.use(inlineMath);

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

export const block = (type: string, nodes: DocNode[], data: DocNode = {}): DocNode => ({ object: 'block', type, isVoid: false, data, nodes });
/** A block without children (divider, math, embed...). */
export const voidBlock = (type: string, data: DocNode = {}): DocNode => ({ object: 'block', type, isVoid: true, data });
const TASK = /^\[([ xX])\]\s+/;
/** An image with its caption, as GitBook writes it: `<figure><img src alt width><figcaption><p>…</p></figcaption></figure>`. */
const FIGURE = /<figure>\s*<img((?:\s+[a-z-]+="[^"]*")*)\s*\/?>\s*(?:<figcaption>\s*(?:<p>)?([\s\S]*?)(?:<\/p>)?\s*<\/figcaption>\s*)?<\/figure>/gi;
/** One figure, or several in a `<div>` (GitBook's images block of several images), and nothing else. */
const FIGURES = /^(?:<figure>[\s\S]*<\/figure>|<div>\s*<figure>[\s\S]*<\/figure>\s*<\/div>)$/i;
const IMG_ATTRIBUTE = /([a-z-]+)="([^"]*)"/gi;

/**
 * Markdown without GitBook's block tags (gitbook-tags.ts took those) as blocks of a GitBook JSON document: the
 * way back of document-to-markdown.ts for paragraphs, headings (a fourth level and deeper are heading-3), lists
 * (task items in task lists), quotes, code, dividers, images (a paragraph of images
 * only, or a `<figure>`), pipe tables and GitBook's HTML tables (cards). Pure. Other raw HTML is a paragraph of
 * its text as written.
 */
export function blocksFromMarkdown(markdown: string, keyAt?: KeyAt): DocNode[] {
  return treeOf(parser.parse(markdown, {})).flatMap((tree) => {
    const blocks = blockOf(tree, keyAt);
    // A list's items carry the keys (listOf); any other block the key of the line it starts on.
    const key = keyAt && !LIST_OPENERS.has(tree.token.type) ? keyOf(tree.token, keyAt) : undefined;
    return key ? blocks.map((node, i) => (i === 0 ? { ...node, key } : node)) : blocks;
  });
}

/**
 * The key of the block that starts on a line (from 0) of the markdown read: `revert_page`'s names of blocks
 * (blocks.ts), one per top-level block and per list item.
 */
export type KeyAt = (line: number) => string | undefined;
const LIST_OPENERS = new Set(['bullet_list_open', 'ordered_list_open']);
const keyOf = (token: Token, keyAt: KeyAt) => (token.map ? keyAt(token.map[0]) : undefined);

function blockOf({ token, children }: Tree, keyAt?: KeyAt): DocNode[] {
  switch (token.type) {
    case 'paragraph_open':
      return [paragraphOf(children)];
    case 'heading_open': {
      const level = Math.min(3, Number(token.tag.slice(1)));
      return [block(`heading-${level}`, inlinesOf(children))];
    }
    case 'bullet_list_open':
    case 'ordered_list_open':
      return listOf(token, children, keyAt);
    case 'blockquote_open':
      return [block('blockquote', children.flatMap((child) => blockOf(child)))];
    case 'fence':
    case 'code_block':
      return [codeOf(token.content, token.info.trim().split(/\s+/)[0] ?? '')];
    case 'hr':
      return [voidBlock('divider')];
    case 'table_open':
      return [tableOf(children)];
    case 'html_block': {
      const table = readGitbookTable(token.content);
      if (table) return [tableFromGitbookHtml(table)];
      const figures = figuresOf(token.content.trim());
      if (figures) return [imagesOf(figures)];
      return [block('paragraph', [textNode(token.content.replace(/\n$/, ''))])];
    }
    default:
      return [];
  }
}


function inlinesOf(children: Tree[]): DocNode[] {
  const inline = children.find((child) => child.token.type === 'inline');
  const nodes = inline ? inlinesFromTokens(inline.token.children ?? []) : [];
  return nodes.length ? nodes : [textNode('')];
}

/** A paragraph; images alone are an images block. */
function paragraphOf(children: Tree[]): DocNode {
  const inline = children.find((child) => child.token.type === 'inline')?.token.children ?? [];
  const images = inline.filter((t) => t.type === 'image');
  if (images.length && inline.every((t) => t.type === 'image' || t.type === 'softbreak' || (t.type === 'text' && !t.content.trim()))) {
    // An image's `content` is its label as written (escapes included); its text is that of its children.
    return imagesOf(images.map((image) => ({ src: attr(image, 'src'), alt: (image.children ?? []).map((t) => (t.type === 'softbreak' ? ' ' : t.content)).join(''), caption: '' })));
  }
  return block('paragraph', inlinesOf(children));
}

type Figure = { src: string; alt: string; caption: string; width?: number };

/** The images of an HTML block made of figures only (see FIGURES); undefined for any other HTML. */
function figuresOf(html: string): Figure[] | undefined {
  if (!FIGURES.test(html)) return undefined;
  const figures: Figure[] = [];
  let rest = html.replace(/^<div>|<\/div>$/gi, '');
  for (const [whole, attributes, caption] of html.matchAll(FIGURE)) {
    rest = rest.replace(whole, '');
    const a = Object.fromEntries([...attributes.matchAll(IMG_ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), decodeHtml(value)]));
    if (a.src === undefined) return undefined;
    const width = /^\d{1,5}$/.test(a.width ?? '') ? Number(a.width) : undefined;
    figures.push({ src: a.src, alt: a.alt ?? '', caption: caption ?? '', ...(width ? { width } : {}) });
  }
  // Anything but figures and the spaces between them is not GitBook's images block.
  return figures.length && !rest.trim() ? figures : undefined;
}

function imagesOf(images: Figure[]): DocNode {
  return {
    object: 'block',
    type: 'images',
    isVoid: false,
    data: {},
    nodes: images.map(({ src, alt, caption, width }) => ({
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref: refFromLinkTarget(src), ...(alt ? { alt } : {}), ...(width ? { width } : {}) },
      fragments: caption.trim() ? [{ object: 'fragment', fragment: 'caption', nodes: blocksFromMarkdown(caption.trim()) }] : [],
    })),
  };
}

function codeOf(content: string, syntax: string): DocNode {
  const lines = content.replace(/\n$/, '').split('\n');
  return block('code', lines.map((line) => block('code-line', [textNode(line)])), syntax ? { syntax } : {});
}

/** A list; a bullet list whose items change between task items and plain ones is a list of each kind in turn. */
function listOf(token: Token, items: Tree[], keyAt?: KeyAt): DocNode[] {
  const parsed = items.map((item) => item.children.flatMap((child) => blockOf(child, keyAt)));
  const keyed = (item: DocNode, i: number): DocNode => {
    const key = keyAt && keyOf(items[i].token, keyAt);
    return key ? { ...item, key } : item;
  };
  if (token.type === 'ordered_list_open') {
    const start = Number(attr(token, 'start') || 1);
    return [block('list-ordered', parsed.map((blocks, i) => keyed(block('list-item', blocks), i)), start !== 1 ? { start } : {})];
  }
  const groups: Array<{ tasks: boolean; items: DocNode[] }> = [];
  for (const [i, blocks] of parsed.entries()) {
    const box = taskBox(blocks);
    const item = keyed(box === undefined ? block('list-item', blocks) : block('list-item', blocks, { checked: box }), i);
    const last = groups[groups.length - 1];
    if (last && last.tasks === (box !== undefined)) last.items.push(item);
    else groups.push({ tasks: box !== undefined, items: [item] });
  }
  return groups.map((group) => block(group.tasks ? 'list-tasks' : 'list-unordered', group.items));
}

/** Whether an item's first paragraph opens with a task box (`[ ] ` or `[x] `), which it then loses; undefined: none. */
function taskBox(blocks: DocNode[]): boolean | undefined {
  const first = (blocks[0]?.nodes as DocNode[] | undefined)?.[0];
  if (blocks[0]?.type !== 'paragraph' || first?.object !== 'text') return undefined;
  const leaves = first.leaves as Array<{ text: string; marks: unknown[] }>;
  const box = leaves[0].marks.length ? null : TASK.exec(leaves[0].text);
  if (!box) return undefined;
  leaves[0].text = leaves[0].text.slice(box[0].length);
  if (!leaves[0].text && leaves.length > 1) leaves.shift();
  return box[1] !== ' ';
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
