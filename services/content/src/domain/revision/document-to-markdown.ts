import { escapeHtml } from '@dp/markdown-html';
import { MAX_MARKDOWN_CHARS } from './changes';
import {
  columnsToMarkdown,
  contentRefToMarkdown,
  reusableContentToMarkdown,
  embedToMarkdown,
  expandableToMarkdown,
  openapiOperationToMarkdown,
  openapiSchemasToMarkdown,
  openapiWebhookToMarkdown,
  stepperToMarkdown,
  swaggerToMarkdown,
  tabsToMarkdown,
  type BlocksWriter,
} from './document-containers';
import { imageSource, inlineToMarkdown } from './document-inline';
import { asNode, childrenOf, dataOf, fail, HINT_STYLES, MAX_DOCUMENT_DEPTH, NoMarkdownForm, noMarkdownForm, typeOf, type DocNode } from './document-nodes';
import { tableToMarkdown } from './document-table';
import { KEPT_BLOCK_CLOSE, keptBlockTag } from './kept-block';
import { escapeMarkdownText, type EscapeContext } from './markdown-escape';

/**
 * A GitBook JSON document as markdown, the form pages are stored in (docs/adr/0009). Pure. Every block and inline
 * is written or refused, never dropped: a type with no markdown form is a ContentError naming its path
 * (`document.nodes[3]`; `path` names the document). A top-level block carrying one of our block keys comes from our
 * own `format=document` and is written as is (its text keeps its inline markup); any other text is escaped to
 * read back as the same text (docs/adr/0015). With `kept` (the JSON document is stored too, docs/adr/0072), a
 * top-level block holding something markdown has no form for is written in a documented form instead (keptBlock).
 */
export function markdownFromDocument(document: unknown, path = 'document', { kept = false } = {}): string {
  const doc = asNode(document, path);
  if (doc.object !== 'document') fail(path, 'object must be "document"');
  if (!Array.isArray(doc.nodes)) fail(path, '"nodes" must be an array');
  const markdown = blocksToMarkdown(childrenOf(doc, path, 0), 1, { top: true, kept });
  if (markdown.length > MAX_MARKDOWN_CHARS) fail(path, `the document is longer than ${MAX_MARKDOWN_CHARS} characters as markdown`);
  return markdown;
}

type Children = Array<{ node: DocNode; path: string }>;
const LISTS = new Set(['list-unordered', 'list-ordered', 'list-tasks']);
/** The block keys our format=document gives (blocks.ts `blockKey`): `b` and 12 hex digits, `-n` for a repeat. */
const OUR_BLOCK_KEY = /^b[0-9a-f]{12}(-\d+)?$/;

function blocksToMarkdown(blocks: Children, depth: number, where: { top?: boolean; inListItem?: boolean; kept?: boolean } = {}): string {
  const parts: Array<{ type: string; markdown: string; ownList: boolean; alternate: boolean }> = [];
  for (const { node, path } of blocks) {
    const type = typeOf(node, path, 'block');
    const previous = parts[parts.length - 1];
    // Markdown reads two lists in a row with the same marker as one list: a list that follows one of its own
    // type takes the other marker (`*` for `-`, `1)` for `1.`). A list of another kind keeps the marker, so
    // that a list split where items change between tasks and plain ones stays one markdown list.
    const afterList = previous !== undefined && LISTS.has(previous.type) && LISTS.has(type) && (previous.type === 'list-ordered') === (type === 'list-ordered');
    const alternate = afterList ? (previous.type === type ? !previous.alternate : previous.alternate) : false;
    const markdown = where.kept ? keptBlockToMarkdown(node, path, depth, alternate) : blockToMarkdown(node, path, depth, alternate);
    if (markdown !== '') parts.push({ type, markdown, ownList: LISTS.has(type) && isOwnList(node), alternate });
  }
  // `---` opening a page would start a frontmatter block.
  if (where.top && parts[0]?.type === 'divider') parts[0].markdown = '***';
  return parts
    .map((part, i) => {
      if (i === 0) return part.markdown;
      const previous = parts[i - 1].type;
      // Our format=document splits one markdown list into a list and a task list where items change kind: one
      // list again. Before docs/adr/0075 it gave each list line a top-level list item of its own: one list too.
      const continues = (previous === 'list-item' && part.type === 'list-item') || (parts[i - 1].ownList && part.ownList && previous !== part.type);
      const sublist = where.inListItem && previous === 'paragraph' && LISTS.has(part.type);
      return (continues || sublist ? '\n' : '\n\n') + part.markdown;
    })
    .join('');
}

/** A list our format=document made: its items carry our block keys. */
function isOwnList(node: DocNode): boolean {
  const items = Array.isArray(node.nodes) ? (node.nodes as DocNode[]) : [];
  return items.length > 0 && items.every((item) => typeof item?.key === 'string' && OUR_BLOCK_KEY.test(item.key));
}

/**
 * A top-level block of a kept document: its markdown, or, when it holds something markdown has no form for, the
 * documented form (kept-block.ts): `{% json block="<base64url>" %}`, its text as paragraphs, `{% endjson %}`. Readers
 * of the markdown see the text (the publisher renders what the tag holds, search strips tags); the block itself is in the JSON.
 */
function keptBlockToMarkdown(node: DocNode, path: string, depth: number, alternate = false): string {
  try {
    return blockToMarkdown(node, path, depth, alternate);
  } catch (err) {
    if (!(err instanceof NoMarkdownForm)) throw err;
    const text =
      drawingImage(node) ??
      textsOf(node, depth)
        .map((line) => escapeMarkdownText(line, { lineStart: true }, { blockStart: true }))
        .join('\n\n');
    return `${keptBlockTag(node)}\n${text ? `${text}\n` : ''}${KEPT_BLOCK_CLOSE}`;
  }
}

/**
 * A drawing's reader text: its file as an image (`/files/<id>`, which content resolves like any page link), so that
 * the published page and the PDF show the drawing; undefined for anything else (and a drawing without its file).
 */
export function drawingImage(node: DocNode): string | undefined {
  const data = node.data;
  if (node.type !== 'drawing' || typeof data !== 'object' || data === null || !('ref' in data)) return undefined;
  const ref = data.ref;
  if (typeof ref !== 'object' || ref === null || !('kind' in ref) || ref.kind !== 'file' || !('file' in ref) || typeof ref.file !== 'string' || ref.file === '') return undefined;
  return `![Drawing](/files/${encodeURIComponent(ref.file)})`;
}

/** The text of a node's leaves, one entry per block that holds text. */
function textsOf(node: DocNode, depth: number): string[] {
  if (depth > MAX_DOCUMENT_DEPTH) return [];
  if (node.object === 'text' && Array.isArray(node.leaves)) return [node.leaves.map((leaf) => (typeof leaf?.text === 'string' ? leaf.text : '')).join('')];
  const children = [...(Array.isArray(node.nodes) ? node.nodes : []), ...(Array.isArray(node.fragments) ? node.fragments : [])].filter((c): c is DocNode => !!c && typeof c === 'object');
  const inline = node.object === 'block' && children.every((c) => c.object === 'text' || c.object === 'inline');
  // An updates block: each update's date heads its text, in the block's format (readers see when it happened).
  const format = node.type === 'updates' && typeof node.data === 'object' && node.data !== null && 'format' in node.data ? node.data.format : undefined;
  const texts = children.flatMap((child) => [...(node.type === 'updates' ? [updateDate(child, format)] : []), ...textsOf(child, depth + 1)]);
  return inline ? [texts.join('')].filter(Boolean) : texts.filter(Boolean);
}

/** An update's date as its updates block shows it (`full`, the default: "November 1, 2026"), in UTC; '' without one. */
export function updateDate(update: DocNode, format: unknown): string {
  const data = update.data;
  const raw = typeof data === 'object' && data !== null && 'date' in data && typeof data.date === 'string' ? data.date : '';
  const date = new Date(raw);
  if (!raw || Number.isNaN(date.getTime())) return '';
  if (format === 'numeric') return date.toISOString().slice(0, 10);
  return date.toLocaleDateString('en-US', { year: 'numeric', month: format === 'short' ? 'short' : 'long', day: 'numeric', timeZone: 'UTC' });
}

/** `alternate`: a list takes its other marker (see blocksToMarkdown). */
function blockToMarkdown(node: DocNode, path: string, depth: number, alternate = false): string {
  const type = typeOf(node, path, 'block');
  const data = dataOf(node, path);
  const children = () => childrenOf(node, path, depth);
  switch (type) {
    case 'paragraph':
      return inlineToMarkdown(children(), { blockStart: true }, depth);
    case 'heading-1':
    case 'heading-2':
    case 'heading-3': {
      const text = inlineToMarkdown(children(), { blockStart: false, heading: true }, depth);
      return text ? `${'#'.repeat(Number(type.slice(-1)))} ${text}` : '';
    }
    case 'code':
      return codeToMarkdown(node, data, path, depth);
    case 'blockquote': {
      const inner = blocksToMarkdown(children(), depth + 1);
      return inner.split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
    }
    case 'hint': {
      if (typeof data.style !== 'string' || !HINT_STYLES.has(data.style)) fail(path, 'data.style must be one of info, warning, danger, success');
      const inner = blocksToMarkdown(children(), depth + 1);
      return `{% hint style="${data.style}" %}\n${inner ? `${inner}\n` : ''}{% endhint %}`;
    }
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return listToMarkdown(type, node, data, path, depth, alternate);
    case 'list-item':
      // Only our format=document before docs/adr/0075 put list items outside a list (one per markdown list
      // line): each is a bullet line again.
      return listItemToMarkdown(node, path, depth, typeof data.checked === 'boolean' ? `- [${data.checked ? 'x' : ' '}] ` : '- ', 2, true);
    case 'divider':
      return '---';
    case 'math':
      if (typeof data.formula !== 'string') fail(path, 'data.formula must be a string');
      return `$$\n${data.formula}\n$$`;
    case 'images': {
      const images = children();
      for (const image of images) if (typeOf(image.node, image.path, 'block') !== 'image') fail(image.path, 'an images block holds image blocks only');
      // Several images: GitBook's `<div>` of figures, one block; one with a caption or a width: its `<figure>`,
      // which keeps its alt text, caption and width; else markdown's image.
      const [only] = images;
      if (images.length > 1) return `<div>${images.map((image) => figureToMarkdown(image.node, image.path, depth + 1)).join(' ')}</div>`;
      if (only && (captionOf(only.node, only.path, depth + 1) || typeof dataOf(only.node, only.path).width === 'number')) return figureToMarkdown(only.node, only.path, depth + 1);
      return images.map((image) => imageToMarkdown(image.node, image.path, depth + 1)).join('\n\n');
    }
    case 'image':
      return imageToMarkdown(node, path, depth);
    case 'file': {
      const ref = asNode(data.ref, `${path}.data.ref`);
      if (ref.kind !== 'file') fail(`${path}.data.ref`, 'a file block needs a "file" ref');
      return `[${captionOf(node, path, depth) || 'File'}](${imageSource(ref, `${path}.data.ref`)})`;
    }
    case 'table':
      return tableToMarkdown(node, path, depth);
    case 'tabs':
      return tabsToMarkdown(node, path, depth, containerBlocks);
    case 'stepper':
      return stepperToMarkdown(node, path, depth, containerBlocks);
    case 'columns':
      return columnsToMarkdown(node, path, depth, containerBlocks);
    case 'expandable':
      return expandableToMarkdown(node, path, depth, containerBlocks);
    case 'content-ref':
      return contentRefToMarkdown(node, path);
    case 'embed':
      return embedToMarkdown(node, path);
    case 'reusable-content':
      return reusableContentToMarkdown(node, path);
    case 'openapi-operation':
      return openapiOperationToMarkdown(node, path);
    case 'openapi-schemas':
      return openapiSchemasToMarkdown(node, path);
    case 'openapi-webhook':
      return openapiWebhookToMarkdown(node, path);
    case 'swagger':
      return swaggerToMarkdown(node, path);
    default:
      return noMarkdownForm(path, `block type "${type}" is not supported in JSON documents; send this page as markdown instead`);
  }
}

/** A container's child blocks (tabs, steps, columns, an expandable's body), written as a page's own blocks are. */
const containerBlocks: BlocksWriter = (children, depth) => blocksToMarkdown(children, depth);

function codeToMarkdown(node: DocNode, data: DocNode, path: string, depth: number): string {
  const lines = childrenOf(node, path, depth).map(({ node: line, path: linePath }) => {
    if (typeOf(line, linePath, 'block') !== 'code-line') fail(linePath, 'a code block holds code-line blocks only');
    return childrenOf(line, linePath, depth + 1)
      .map(({ node: text, path: textPath }) => {
        if (text.object !== 'text') noMarkdownForm(textPath, `inline type "${String(text.type)}" is not supported in code lines of JSON documents`);
        // Code is written as it is: marks have no meaning inside a fence.
        return childrenOf(text, textPath, depth + 2, 'leaves').map((leaf) => (typeof leaf.node.text === 'string' ? leaf.node.text : fail(leaf.path, 'a leaf needs a text string'))).join('');
      })
      .join('');
  });
  const syntax = data.syntax === undefined ? '' : data.syntax;
  if (typeof syntax !== 'string' || /[\s`]/.test(syntax)) fail(path, 'data.syntax must be a language name without spaces or backticks');
  // A fence is closed by a line of at least as many backticks: make it longer than any such line inside.
  const longest = Math.max(2, ...lines.map((line) => /^ {0,3}(`*)/.exec(line)![1].length));
  const fence = '`'.repeat(longest + 1);
  const block = [`${fence}${syntax}`, ...lines, fence].join('\n');
  const options = [
    typeof data.title === 'string' && data.title ? `title="${data.title.replace(/"/g, '&quot;')}"` : '',
    data.overflow === 'wrap' ? 'overflow="wrap"' : '',
    data.lineNumbers === true ? 'lineNumbers="true"' : '',
  ].filter(Boolean);
  return options.length ? `{% code ${options.join(' ')} %}\n${block}\n{% endcode %}` : block;
}

function listToMarkdown(type: string, node: DocNode, data: DocNode, path: string, depth: number, alternate: boolean): string {
  const start = typeof data.start === 'number' && Number.isInteger(data.start) && data.start >= 0 ? data.start : 1;
  const [bullet, delimiter] = alternate ? ['*', ')'] : ['-', '.'];
  return childrenOf(node, path, depth)
    .map(({ node: item, path: itemPath }, i) => {
      if (typeOf(item, itemPath, 'block') !== 'list-item') fail(itemPath, `a ${type} block holds list-item blocks only`);
      if (type === 'list-ordered') return listItemToMarkdown(item, itemPath, depth + 1, `${start + i}${delimiter} `, `${start + i}${delimiter} `.length, true);
      if (type === 'list-tasks') return listItemToMarkdown(item, itemPath, depth + 1, `${bullet} [${dataOf(item, itemPath).checked === true ? 'x' : ' '}] `, 2, false);
      return listItemToMarkdown(item, itemPath, depth + 1, `${bullet} `, 2, true);
    })
    .join('\n');
}

/** A list item: its marker, then its blocks, every line after the first indented under the marker. */
function listItemToMarkdown(item: DocNode, path: string, depth: number, marker: string, indent: number, escapeTaskBox: boolean): string {
  const children = childrenOf(item, path, depth);
  // Our format=document puts an item's text straight in it, without a paragraph.
  const inline = children.length > 0 && children.every(({ node }) => node.object === 'text' || node.object === 'inline');
  let body = inline ? inlineToMarkdown(children, { blockStart: true }, depth + 1) : blocksToMarkdown(children, depth + 1, { inListItem: true });
  // `- [ ] text` would turn the item into a task.
  if (escapeTaskBox && /^\[[ xX]\](\s|$)/.test(body)) body = `\\${body}`;
  if (!body) return marker.trimEnd();
  return body
    .split('\n')
    .map((line, i) => (i === 0 ? marker + line : line ? ' '.repeat(indent) + line : ''))
    .join('\n');
}

function imageToMarkdown(node: DocNode, path: string, depth: number): string {
  const data = dataOf(node, path);
  const alt = typeof data.alt === 'string' ? escapeMarkdownText(data.alt, { lineStart: false }, { blockStart: false, linkText: true }) : '';
  return `![${captionOf(node, path, depth) || alt}](${imageSource(data.ref, `${path}.data.ref`)})`;
}

/** `<figure><img src alt><figcaption><p>caption</p></figcaption></figure>` on one line, as GitBook writes an image with a caption. */
function figureToMarkdown(node: DocNode, path: string, depth: number): string {
  const data = dataOf(node, path);
  const alt = typeof data.alt === 'string' && data.alt ? ` alt="${escapeHtml(data.alt)}"` : '';
  const width = typeof data.width === 'number' && Number.isInteger(data.width) && data.width > 0 && data.width < 100_000 ? ` width="${data.width}"` : '';
  // Inline markdown, as GitBook writes it there: its escaping keeps a `</p>` in the text from closing the tag.
  const caption = captionOf(node, path, depth, { blockStart: true });
  return `<figure><img src="${escapeHtml(imageSource(data.ref, `${path}.data.ref`))}"${alt}${width}><figcaption>${caption ? `<p>${caption}</p>` : ''}</figcaption></figure>`;
}

/**
 * The text of a block's `caption` fragment (paragraphs): as link text (an image's alt) by default; a figure's
 * caption is read back as blocks, so there it is escaped like a paragraph's start (`- `, `> `, `#`).
 */
function captionOf(node: DocNode, path: string, depth: number, ctx: EscapeContext = { blockStart: false, linkText: true }): string {
  return childrenOf(node, path, depth, 'fragments')
    .filter(({ node: fragment }) => fragment.fragment === 'caption')
    .flatMap(({ node: fragment, path: fragmentPath }) => childrenOf(fragment, fragmentPath, depth + 1))
    .map(({ node: paragraph, path: paragraphPath }) => {
      if (typeOf(paragraph, paragraphPath, 'block') !== 'paragraph') fail(paragraphPath, 'a caption holds paragraphs only');
      return inlineToMarkdown(childrenOf(paragraph, paragraphPath, depth + 2), ctx, depth + 2);
    })
    .filter(Boolean)
    .join(' ');
}
