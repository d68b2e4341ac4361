import type { DocNode } from './document-nodes';

/**
 * The documented form of a block GitBook markdown has no form for (docs/adr/0072): `{% json block="..." %}`, the
 * block's text, `{% endjson %}`. The block is base64url JSON without its `key`: a key is where the block stands
 * in one document, and leaving it out keeps markdown -> JSON -> markdown stable.
 */
export { KEPT_BLOCK_CLOSE, KEPT_BLOCK_OPEN } from '@dp/markdown-html';

export function keptBlockTag(node: DocNode): string {
  const { key: _key, ...block } = node;
  return `{% json block="${Buffer.from(JSON.stringify(block)).toString('base64url')}" %}`;
}

/**
 * The block a documented form holds, when it is one the official schema accepts (`isOfficialBlock`): anyone can
 * write the form by hand, so nothing in it is trusted. Undefined otherwise, and the lines read as text.
 */
export function decodeKeptBlock(encoded: string, isOfficialBlock: (block: unknown) => boolean): DocNode | undefined {
  let block: unknown;
  try {
    block = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!block || typeof block !== 'object' || Array.isArray(block) || !isOfficialBlock(block)) return undefined;
  return { ...block };
}
