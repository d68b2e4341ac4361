import { blockKeysByLine } from '../domain/revision/blocks';
import { documentFromGitbookMarkdown } from '../domain/revision/markdown-to-document';
import { isOfficialBlock } from '../domain/revision/official-document';

/**
 * A page's markdown as GitBook's JSON document (`format=document`), read as GitBook's own dialect
 * (docs/adr/0074): each top-level block and list item carries the `key` that `revert_page` accepts in `block`
 * (blocks.ts); a block kept in our documented form (`{% json block %}`, docs/adr/0072) is that block again.
 */
export const documentFromMarkdown = (markdown: string) => documentFromGitbookMarkdown(markdown, isOfficialBlock, blockKeysByLine);
