import { escapeHtml } from '@dp/markdown-html';
import { asNode, childrenOf, dataOf, fail, noMarkdownForm, typeOf, type DocNode } from './document-nodes';
import { escapeMarkdownText, type EscapeContext } from './markdown-escape';

/**
 * The inline content of a GitBook JSON document block (text leaves with marks, links, images, emoji, math)
 * as markdown. Marks that run across several leaves open once and close once, and the spaces at the edges of
 * a marked run move outside its delimiters (`**bold** text`, never `**bold **text`, which markdown would not
 * read as bold).
 */
type FixedMark = 'bold' | 'italic' | 'strikethrough' | 'keyboard' | 'superscript' | 'subscript';
/** A fixed mark, or a color mark as `color:<text>:<background>` (GitBook's color tokens, `default` for none). */
type ColorMark = `color:${string}`;
export type Mark = FixedMark | ColorMark;
const DELIMITERS: Record<FixedMark, [string, string]> = {
  bold: ['**', '**'],
  italic: ['*', '*'],
  strikethrough: ['~~', '~~'],
  keyboard: ['<kbd>', '</kbd>'],
  superscript: ['<sup>', '</sup>'],
  subscript: ['<sub>', '</sub>'],
};
const MARK_ORDER = Object.keys(DELIMITERS) as FixedMark[];
export const isColorMark = (mark: Mark): mark is ColorMark => mark.startsWith('color:');
const isFixedMark = (type: string): type is FixedMark => Object.hasOwn(DELIMITERS, type);
/** GitBook's color tokens (DocumentTextColor): a named color or a `$` token of the site's customization. */
const COLOR_TOKEN = /^(default|green|blue|red|orange|yellow|purple|pink|violet|cyan|\$primary|\$info|\$success|\$warning|\$danger|\$tint)$/;

/** A mark's opening and closing markup: a color mark is `<mark>` with the colors GitBook's markdown writes in its style. */
export function delimitersOf(mark: Mark): [string, string] {
  if (!isColorMark(mark)) return DELIMITERS[mark];
  const [, text, background] = mark.split(':');
  const style = `${text === 'default' ? '' : `color:${text};`}${background === 'default' ? '' : `background-color:${background};`}`;
  return [`<mark style="${style}">`, '</mark>'];
}

/** Marks in nesting order: the fixed ones outside, color marks innermost, in the order they came. */
const ordered = (marks: Iterable<Mark>): Mark[] => {
  const all = [...new Set(marks)];
  return [...MARK_ORDER.filter((m) => all.includes(m)), ...all.filter(isColorMark)];
};

type Item =
  | { kind: 'text'; text: string; marks: Mark[]; code: boolean }
  /** Markup made here (a link, an emoji...); `marks: null` takes the marks of what surrounds it. */
  | { kind: 'raw'; raw: string; marks: Mark[] | null };

type Token = { raw: boolean; value: string };

export function inlineToMarkdown(nodes: Array<{ node: DocNode; path: string }>, ctx: EscapeContext, depth: number): string {
  return assemble(collect(nodes, ctx, depth), ctx);
}

function collect(nodes: Array<{ node: DocNode; path: string }>, ctx: EscapeContext, depth: number): Item[] {
  const items: Item[] = [];
  for (const { node, path } of nodes) {
    if (node.object === 'text') {
      for (const leaf of childrenOf(node, path, depth, 'leaves')) {
        if (typeof leaf.node.text !== 'string') fail(leaf.path, 'a leaf needs a text string');
        items.push({ kind: 'text', text: leaf.node.text.replace(/\r\n?/g, '\n'), ...marksOf(leaf.node, leaf.path) });
      }
      continue;
    }
    const type = typeOf(node, path, 'inline');
    const data = dataOf(node, path);
    switch (type) {
      case 'link': {
        const children = childrenOf(node, path, depth + 1);
        const nested = children.find((child) => child.node.type === 'link');
        if (nested) fail(nested.path, 'a link cannot contain another link');
        const inner = collect(children, { ...ctx, blockStart: false, linkText: true }, depth + 1);
        // Marks over the whole link go around it, so `**[a](x) b**` stays one bold run.
        const marked = inner.flatMap((item) => (item.marks === null ? [] : [item.marks]));
        const shared = ordered(marked.flat()).filter((m) => marked.every((marks) => marks.includes(m)));
        const unshared = inner.map((item) => (item.marks === null ? item : { ...item, marks: item.marks.filter((m) => !shared.includes(m)) }));
        const text = assemble(unshared, { ...ctx, blockStart: false, linkText: true });
        items.push({ kind: 'raw', raw: `[${text}](${linkTarget(data.ref, `${path}.data.ref`)})`, marks: shared });
        break;
      }
      case 'inline-image': {
        const label = typeof data.alt === 'string' ? data.alt : typeof data.caption === 'string' ? data.caption : '';
        items.push({ kind: 'raw', raw: `![${escapeMarkdownText(label, { lineStart: false }, { blockStart: false, linkText: true, table: ctx.table })}](${imageSource(data.ref, `${path}.data.ref`)})`, marks: null });
        break;
      }
      case 'emoji':
        items.push({ kind: 'raw', raw: emojiOf(data.code, `${path}.data.code`), marks: null });
        break;
      case 'icon':
        items.push({ kind: 'raw', raw: iconOf(data, path), marks: null });
        break;
      case 'button':
        items.push({ kind: 'raw', raw: buttonOf(data, path), marks: [] });
        break;
      case 'inline-math':
        if (typeof data.formula !== 'string') fail(path, 'data.formula must be a string');
        items.push({ kind: 'raw', raw: `$$${data.formula}$$`, marks: null });
        break;
      default:
        noMarkdownForm(path, `inline type "${type}" is not supported in JSON documents; send this page as markdown instead`);
    }
  }
  return items;
}

export function marksOf(leaf: DocNode, path: string): { marks: Mark[]; code: boolean } {
  const marks: Mark[] = [];
  let code = false;
  for (const { node, path: markPath } of childrenOf(leaf, path, 0, 'marks')) {
    if (typeof node.type !== 'string') fail(markPath, 'a mark needs a type');
    if (node.type === 'code') code = true;
    else if (node.type === 'color') marks.push(colorMark(node, markPath));
    else if (isFixedMark(node.type)) marks.push(node.type);
    else noMarkdownForm(markPath, `mark "${node.type}" is not supported in JSON documents; send this page as markdown instead`);
  }
  return { marks: ordered(marks), code };
}

function colorMark(node: DocNode, path: string): Mark {
  const data = dataOf(node, path);
  for (const key of ['text', 'background']) {
    if (typeof data[key] !== 'string' || !COLOR_TOKEN.test(data[key])) fail(`${path}.data.${key}`, 'a color mark needs a GitBook color token (default, red, $primary...)');
  }
  return `color:${String(data.text)}:${String(data.background)}`;
}

/** Tokens of markup and of text, with each mark opened and closed where its run begins and ends. */
function assemble(items: Item[], ctx: EscapeContext): string {
  const tokens: Token[] = [];
  const open: Mark[] = [];
  let pendingSpace = ''; // trailing spaces of the last text, written after any delimiter that closes next
  // Spaces alone and void inlines (emoji, math, images) open no mark: they stay inside one that goes on after them.
  const transparent = (item: Item) => (item.kind === 'raw' ? item.marks === null : !item.code && !item.text.trim());
  const continuing: Mark[][] = [];
  for (let i = items.length - 1, next: Mark[] = []; i >= 0; i--) {
    continuing[i] = next;
    if (!transparent(items[i])) next = items[i].marks ?? [];
  }
  items.forEach((item, i) => {
    if (item.kind === 'text' && !item.text) return;
    let lead = '';
    let core = item.kind === 'raw' ? item.raw : item.text;
    let trail = '';
    const wanted = transparent(item) ? open.filter((m) => continuing[i].includes(m)) : item.marks!;
    if (item.kind === 'text' && !item.code) [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(core)!;
    let keep = 0;
    while (keep < open.length && wanted.includes(open[keep])) keep++;
    while (open.length > keep) tokens.push({ raw: true, value: delimitersOf(open.pop()!)[1] });
    if (pendingSpace || lead) tokens.push({ raw: false, value: pendingSpace + lead });
    for (const mark of wanted) {
      if (open.includes(mark)) continue;
      open.push(mark);
      tokens.push({ raw: true, value: delimitersOf(mark)[0] });
    }
    if (item.kind === 'raw') tokens.push({ raw: true, value: core });
    else if (item.code) tokens.push({ raw: true, value: codeSpan(core, ctx) });
    else if (core) tokens.push({ raw: false, value: core });
    pendingSpace = trail;
  });
  while (open.length) tokens.push({ raw: true, value: delimitersOf(open.pop()!)[1] });
  if (pendingSpace) tokens.push({ raw: false, value: pendingSpace });

  let out = '';
  tokens.forEach((token, t) => {
    if (token.raw) {
      out += token.value;
      return;
    }
    const rest = tokens
      .slice(t + 1, t + 4)
      .map((next) => next.value)
      .join('');
    out += escapeMarkdownText(token.value, { before: out[out.length - 1], after: rest[0], following: rest.split('\n')[0], lineStart: out === '' || out.endsWith('\n') }, ctx);
  });
  return out;
}

/** A code span whose backtick fence is longer than any run of backticks inside it. */
function codeSpan(text: string, ctx: EscapeContext): string {
  let content = text.replace(/\n/g, ' ');
  if (ctx.table) content = content.replace(/\|/g, '\\|');
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // One space at each end is stripped when read: pad when the content would lose its own or touch the fence.
  const pad = content.startsWith('`') || content.endsWith('`') || (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** The markdown link target of a content ref: a URL, a page or file of this space, or an anchor. */
export function linkTarget(value: unknown, path: string): string {
  const ref = asNode(value, path);
  const id = (key: string) => {
    const value = ref[key];
    if (typeof value !== 'string' || !value) fail(path, `a "${String(ref.kind)}" ref needs a ${key}`);
    return encodeURIComponent(value);
  };
  if (ref.space !== undefined && ref.kind !== 'url') noMarkdownForm(path, 'refs into another space are not supported; link to it by URL');
  switch (ref.kind) {
    case 'url':
      if (typeof ref.url !== 'string') fail(path, 'a "url" ref needs a url');
      // Characters that would end or break a markdown link destination are percent-encoded.
      return ref.url.replace(/[\s()<>]/g, (c) => (c.charCodeAt(0) < 128 ? `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(c)));
    case 'page':
      return `/pages/${id('page')}`;
    case 'file':
      return `/files/${id('file')}`;
    case 'anchor':
      return `${ref.page === undefined ? '' : `/pages/${id('page')}`}#${id('anchor')}`;
    case 'reusable-content':
      return `/reusable-contents/${id('reusableContent')}`;
    default:
      return noMarkdownForm(path, `refs of kind "${String(ref.kind)}" are not supported in JSON documents`);
  }
}

/** An image source: a URL or a file of this space. */
export function imageSource(value: unknown, path: string): string {
  const kind = asNode(value, path).kind;
  if (kind !== 'url' && kind !== 'file') fail(path, `an image needs a "url" or "file" ref, not "${String(kind)}"`);
  return linkTarget(value, path);
}

/** GitBook's markdown for an icon: `<i class="fa-rocket">:rocket:</i>` (a color other than the default has no form yet). */
export function iconOf(data: DocNode, path: string): string {
  if (typeof data.icon !== 'string' || !/^[a-z0-9][a-z0-9-]*$/.test(data.icon)) fail(`${path}.data.icon`, 'an icon needs a name of lowercase letters, digits and dashes');
  if (data.color !== undefined && data.color !== 'default') noMarkdownForm(`${path}.data.color`, 'GitBook markdown has no form for an icon\'s color yet; send the icon without it');
  return `<i class="fa-${data.icon}">:${data.icon}:</i>`;
}

/** GitBook's markdown for a button: `<a href="..." class="button primary">Label</a>`; one that runs an action, or has a size or icon, has no form yet. */
function buttonOf(data: DocNode, path: string): string {
  for (const key of ['action', 'size', 'icon']) if (data[key] !== undefined) noMarkdownForm(`${path}.data.${key}`, `GitBook markdown has no form for a button's "${key}" yet; send the button without it`);
  if (typeof data.label !== 'string') fail(`${path}.data.label`, 'a button needs a label');
  if (data.kind !== 'primary' && data.kind !== 'secondary') fail(`${path}.data.kind`, 'a button is primary or secondary');
  return `<a href="${escapeHtml(linkTarget(data.ref, `${path}.data.ref`))}" class="button ${data.kind}">${escapeHtml(data.label)}</a>`;
}

/** GitBook emoji codes are hexadecimal code points joined by `-` (`1f44b`, `1f468-200d-1f4bb`). */
function emojiOf(code: unknown, path: string): string {
  if (typeof code !== 'string' || !/^[0-9a-fA-F]{1,6}(-[0-9a-fA-F]{1,6})*$/.test(code)) fail(path, 'an emoji code is hexadecimal code points joined by "-"');
  try {
    return String.fromCodePoint(...code.split('-').map((part) => parseInt(part, 16)));
  } catch {
    return fail(path, `"${code}" is not a valid emoji code`);
  }
}
