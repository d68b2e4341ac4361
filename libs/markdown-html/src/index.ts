export * from './render';
export { measureHtml, type HtmlLimits, type HtmlShape } from './html-shape';
export { escapeHtml, plainTextFallback } from './fallback';
export { createMarkdownRenderer, type MarkdownRenderer, type MarkdownRendererOptions } from './renderer';
export { childTags, splitTags, KNOWN_TAGS, MAX_TAG_DEPTH, type Segment, type TagSegment } from './gitbook-tags';
export { inlineMath } from './inline-math';
export { BLOCK_STYLES } from './gitbook-blocks';
export { readGitbookTable, cellHref, type GitbookTable, type GitbookTableColumn } from './gitbook-table';
export { fenceLanguages, highlighterFor, type Highlight } from './highlight';
