/**
 * What a page shows when its HTML is not made (docs/adr/0059): past the renderer's limits, its time budget,
 * or when no render thread is free. The page's own text, escaped, kept as written (line breaks, indentation),
 * so it stays readable and nothing in it is markup.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]);

export function plainTextFallback(markdown: string): string {
  return `<pre class="plain-text" style="white-space: pre-wrap">${escapeHtml(markdown)}</pre>`;
}
