import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import type { DocNode } from './document-nodes';
import { refFromLinkTarget } from './link-refs';
import { colorsOf, Inlines, textNode } from './markdown-inline-to-document';

type Mark = { object: 'mark'; type: string; data?: Record<string, string> };

/**
 * The inline HTML of a GitBook HTML table cell as document inlines, the way back of document-inline-html.ts:
 * text, `<br>` as a line break, marks from their tags (`<strong>`/`<b>`, `<em>`/`<i>`, `<s>`/`<del>`, `<code>`,
 * `<kbd>`, `<sup>`, `<sub>`, `<mark style>`), `<a href>` as a link, `<img>` as an inline image and
 * `<i class="fa-x">` as an icon. Other elements (`<p>`, `<h2>`, `<span>`...) give their text, blocks separated
 * by line breaks. Pure.
 */
const MARK_TAGS: Record<string, string> = { strong: 'bold', b: 'bold', em: 'italic', i: 'italic', s: 'strikethrough', del: 'strikethrough', code: 'code', kbd: 'keyboard', sup: 'superscript', sub: 'subscript' };
const BLOCK_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'blockquote']);

export function inlinesFromHtml(html: string): DocNode[] {
  const out = new Inlines();
  walk(parseDocument(html, { decodeEntities: true }).children, [], out, false, 0);
  const nodes = out.nodes;
  trimBreaks(nodes);
  return nodes.length ? nodes : [textNode('')];
}

/** How deep a cell's elements are read; deeper ones are left out (readGitbookTable refuses tables nested far deeper). */
const MAX_CELL_DEPTH = 32;

function walk(nodes: ChildNode[], marks: Mark[], into: Inlines, inLink: boolean, depth: number): void {
  if (depth > MAX_CELL_DEPTH) return;
  for (const node of nodes) {
    if (node.type === 'text') into.text(node.data, marks);
    else if (node.type === 'tag') element(node, marks, into, inLink, depth);
  }
}

function element(node: Element, marks: Mark[], into: Inlines, inLink: boolean, depth: number): void {
  const name = node.name.toLowerCase();
  const icon = name === 'i' ? /^fa-([a-z0-9][a-z0-9-]*)$/.exec(node.attribs.class ?? '') : null;
  if (icon) return into.inline({ object: 'inline', type: 'icon', isVoid: true, data: { icon: icon[1] } });
  if (name === 'br') return into.text('\n', marks);
  if (name === 'img' && node.attribs.src) {
    const alt = node.attribs.alt;
    return into.inline({ object: 'inline', type: 'inline-image', isVoid: true, data: { ref: refFromLinkTarget(node.attribs.src), ...(alt ? { alt } : {}) } });
  }
  if (name === 'a' && typeof node.attribs.href === 'string' && !inLink) {
    const inside = new Inlines();
    walk(node.children, marks, inside, true, depth + 1);
    into.inline({ object: 'inline', type: 'link', isVoid: false, data: { ref: refFromLinkTarget(node.attribs.href) }, nodes: inside.nodes.length ? inside.nodes : [textNode('')] });
    return;
  }
  const mark: Mark | undefined =
    name === 'mark' ? { object: 'mark', type: 'color', data: colorsOf(`style="${node.attribs.style ?? ''}"`) } : MARK_TAGS[name] ? { object: 'mark', type: MARK_TAGS[name] } : undefined;
  if (BLOCK_TAGS.has(name)) into.text('\n', marks);
  walk(node.children, mark && !marks.some((m) => m.type === mark.type && JSON.stringify(m.data) === JSON.stringify(mark.data)) ? [...marks, mark] : marks, into, inLink, depth + 1);
  if (BLOCK_TAGS.has(name)) into.text('\n', marks);
}

/** Line breaks that blocks put at the cell's edges (`<p>a</p>` is `a`), and runs of them between blocks, kept once. */
function trimBreaks(nodes: DocNode[]): void {
  for (const node of nodes) {
    if (node.object !== 'text') continue;
    for (const leaf of node.leaves as Array<{ text: string }>) leaf.text = leaf.text.replace(/\n{2,}/g, '\n');
  }
  const edge = (node: DocNode | undefined, at: 'start' | 'end') => {
    if (node?.object !== 'text') return;
    const leaves = node.leaves as Array<{ text: string }>;
    const leaf = at === 'start' ? leaves[0] : leaves[leaves.length - 1];
    leaf.text = at === 'start' ? leaf.text.replace(/^\n+/, '') : leaf.text.replace(/\n+$/, '');
  };
  edge(nodes[0], 'start');
  edge(nodes[nodes.length - 1], 'end');
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (node.object !== 'text') continue;
    const leaves = (node.leaves as Array<{ text: string }>).filter((leaf) => leaf.text !== '');
    if (leaves.length) node.leaves = leaves;
    else nodes.splice(i, 1);
  }
}
