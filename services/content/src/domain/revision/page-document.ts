import { blockKeysByLine } from './blocks';
import { documentFromGitbookMarkdown } from './markdown-to-document';
import { isOfficialBlock } from './official-document';
import type { DocNode } from './document-nodes';

/**
 * A page's markdown as the JSON document stored beside it (docs/adr/0074, 0075, 0076): read as GitBook's
 * dialect, each top-level block and list item keyed as `revert_page` names it (blocks.ts), and a block kept
 * in our documented form (`{% json block %}`, docs/adr/0072) that block again when the official schema knows it.
 */
export const documentOfMarkdown = (markdown: string): DocNode => documentFromGitbookMarkdown(markdown, isOfficialBlock, blockKeysByLine);
