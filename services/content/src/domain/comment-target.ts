import { splitBlocks } from './revision/blocks';
import { parseFrontmatter } from './revision/markdown';

/** A node's preview is the start of its block's text, enough to recognise it. */
export const MAX_NODE_PREVIEW_CHARS = 200;

/**
 * The preview of the block a comment is anchored to: `node` is a block key of the page's document as
 * `format=document` shows it (ADR 0015). Undefined when the document has no such block.
 */
export function nodePreview(markdown: string, node: string): string | undefined {
  const block = splitBlocks(parseFrontmatter(markdown).body).blocks.find((b) => b.key === node);
  if (!block) return undefined;
  const text = block.text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_NODE_PREVIEW_CHARS ? `${text.slice(0, MAX_NODE_PREVIEW_CHARS - 1)}…` : text;
}
