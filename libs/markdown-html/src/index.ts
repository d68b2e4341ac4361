export * from './render';
export { measureHtml, type HtmlLimits, type HtmlShape } from './html-shape';
export { escapeHtml, plainTextFallback } from './fallback';
export { createMarkdownRenderer, type MarkdownRenderer, type MarkdownRendererOptions } from './renderer';
