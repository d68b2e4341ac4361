import { FENCE, HEADING, LIST_ITEM, QUOTE, splitBlocks } from '../domain/revision/blocks';
import { parseFrontmatter } from '../domain/revision/markdown';

/**
 * A markdown document in GitBook's JSON document shape (`format=document`): one block per markdown block
 * (headings 1-3, code, quotes, list items, paragraphs; see splitBlocks), each with its text as one leaf and
 * the `key` that `revert_page` accepts in `block`. Inline marks stay in the text as written.
 */
export function documentFromMarkdown(markdown: string) {
  const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
  const block = (type: string, value: string, data: Record<string, unknown> = {}) => ({ object: 'block', type, isVoid: false, data, nodes: [text(value)] });
  const nodes = splitBlocks(parseFrontmatter(markdown).body).blocks.map(({ key, text: source }) => {
    const fence = FENCE.exec(source);
    if (fence) {
      const lines = source.split(/\r?\n/).slice(1);
      if (lines.length && lines[lines.length - 1].startsWith(fence[1])) lines.pop();
      return { object: 'block', key, type: 'code', isVoid: false, data: fence[2] ? { syntax: fence[2] } : {}, nodes: lines.map((c) => block('code-line', c)) };
    }
    const heading = HEADING.exec(source);
    if (heading) return { ...block(`heading-${heading[1].length}`, heading[2]), key };
    if (QUOTE.test(source)) return { object: 'block', key, type: 'blockquote', isVoid: false, data: {}, nodes: [block('paragraph', source.replace(QUOTE, ''))] };
    if (LIST_ITEM.test(source)) return { ...block('list-item', source.replace(LIST_ITEM, '')), key };
    return { ...block('paragraph', source), key };
  });
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}
