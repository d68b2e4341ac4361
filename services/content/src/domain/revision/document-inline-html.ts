import { escapeHtml } from '@dp/markdown-html';
import { delimitersOf, iconOf, imageSource, isColorMark, linkTarget, marksOf, type Mark } from './document-inline';
import { childrenOf, dataOf, fail, noMarkdownForm, typeOf, type DocNode } from './document-nodes';

/**
 * Inline content as HTML, the way GitBook writes the cells of its HTML tables (docs/adr/0081): text escaped,
 * line breaks as `<br>`, each leaf's marks as their tags (`<strong>`, `<em>`, `<s>`, `<code>`, `<kbd>`, `<sup>`,
 * `<sub>`, `<mark style>`), links as `<a href>`, images as `<img>`, icons as GitBook writes them. The way back
 * is html-inline-to-document.ts. Other inlines have no form here and are refused (their block is kept as JSON).
 */
const TAGS: Record<string, string> = { bold: 'strong', italic: 'em', strikethrough: 's' };

const tagsOf = (mark: Mark): [string, string] => {
  if (isColorMark(mark) || !TAGS[mark]) return delimitersOf(mark);
  return [`<${TAGS[mark]}>`, `</${TAGS[mark]}>`];
};

export function inlineToHtml(nodes: Array<{ node: DocNode; path: string }>, depth: number): string {
  return nodes.map(({ node, path }) => nodeHtml(node, path, depth)).join('');
}

function nodeHtml(node: DocNode, path: string, depth: number): string {
  if (node.object === 'text') {
    return childrenOf(node, path, depth, 'leaves')
      .map((leaf) => {
        if (typeof leaf.node.text !== 'string') fail(leaf.path, 'a leaf needs a text string');
        const { marks, code } = marksOf(leaf.node, leaf.path);
        let html = escapeHtml(leaf.node.text.replace(/\r\n?/g, '\n')).replace(/\n/g, '<br>');
        if (code) html = `<code>${html}</code>`;
        for (const mark of [...marks].reverse()) {
          const [open, close] = tagsOf(mark);
          html = `${open}${html}${close}`;
        }
        return html;
      })
      .join('');
  }
  const type = typeOf(node, path, 'inline');
  const data = dataOf(node, path);
  switch (type) {
    case 'link':
      return `<a href="${escapeHtml(linkTarget(data.ref, `${path}.data.ref`))}">${inlineToHtml(childrenOf(node, path, depth + 1), depth + 1)}</a>`;
    case 'inline-image': {
      const alt = typeof data.alt === 'string' ? data.alt : '';
      return `<img src="${escapeHtml(imageSource(data.ref, `${path}.data.ref`))}" alt="${escapeHtml(alt)}">`;
    }
    case 'icon':
      return iconOf(data, path);
    default:
      return noMarkdownForm(path, `inline type "${type}" has no form in an HTML table cell`);
  }
}
