import type MarkdownItModule from 'markdown-it';
import { escapeHtml } from './fallback';
import { KEPT_BLOCK_OPEN } from './kept-form';

type MarkdownIt = InstanceType<typeof MarkdownItModule>;
type Env = Record<string, unknown>;
/** A ContentKit element as its integration answered it (parsed JSON, read defensively). */
export type ContentKitElement = Record<string, unknown>;
type JsonObject = Record<string, unknown>;

/**
 * Integration blocks (docs/adr/0094): a page's `integration` blocks, kept in their JSON form, rendered by their
 * integration (its ContentKit element, asked by the page's renderer through the integrations service) and drawn
 * here as plain HTML: text, markdown, stacks, cards, buttons and links that open URLs, images, code and hints.
 * What an integration answers is the tenant's: depth and elements are bounded, only http(s) URLs are kept, and
 * the page's sanitizer runs over the result as over the rest of the page.
 */
export interface IntegrationBlockRef {
  /** The kept form's base64url JSON: the block's key for its rendered element. */
  key: string;
  integration: string;
  block: string;
  props: JsonObject;
}

/** Integration blocks a page renders; further ones show as their kept text. */
export const MAX_PAGE_INTEGRATION_BLOCKS = 10;
export const CONTENTKIT_LIMITS = { depth: 12, elements: 500, textChars: 20_000 } as const;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The integration block a kept form holds, or undefined (another block, or not JSON). */
export function integrationBlockOf(key: string): IntegrationBlockRef | undefined {
  let block: unknown;
  try {
    block = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(block) || block.type !== 'integration' || !isObject(block.data)) return undefined;
  const { integration, block: id, props } = block.data;
  if (typeof integration !== 'string' || typeof id !== 'string') return undefined;
  return { key, integration, block: id, props: isObject(props) ? props : {} };
}

/** The integration blocks of a page's markdown, once each, at most MAX_PAGE_INTEGRATION_BLOCKS. */
export function integrationBlocks(markdown: string): IntegrationBlockRef[] {
  const found = new Map<string, IntegrationBlockRef>();
  for (const line of markdown.split('\n')) {
    if (found.size >= MAX_PAGE_INTEGRATION_BLOCKS) break;
    const key = KEPT_BLOCK_OPEN.exec(line)?.[1];
    const ref = key === undefined ? undefined : integrationBlockOf(key);
    if (ref) found.set(ref.key, ref);
  }
  return [...found.values()];
}

const safeUrl = (url: unknown): string | undefined => (typeof url === 'string' && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : undefined);
/** The URL an action opens (`@ui.url.open`), if any. */
const openedUrl = (action: unknown): string | undefined => (isObject(action) && action.action === '@ui.url.open' ? safeUrl(action.url) : undefined);

/** An element tree as HTML; `budget` counts elements across the whole tree. */
export function contentKitHtml(element: ContentKitElement, md: MarkdownIt, env: Env): string {
  let left: number = CONTENTKIT_LIMITS.elements;
  let chars: number = CONTENTKIT_LIMITS.textChars;
  const text = (value: string) => {
    const kept = value.slice(0, Math.max(0, chars));
    chars -= kept.length;
    return escapeHtml(kept);
  };
  const children = (value: unknown, depth: number) => (Array.isArray(value) ? value.map((child) => draw(child, depth + 1)).join('') : '');
  const inline = (value: unknown, depth: number): string => (typeof value === 'string' ? text(value) : Array.isArray(value) ? value.map((child) => (typeof child === 'string' ? text(child) : draw(child, depth + 1))).join('') : '');
  const draw = (node: unknown, depth: number): string => {
    if (depth > CONTENTKIT_LIMITS.depth || left <= 0 || !isObject(node)) return '';
    left -= 1;
    switch (node.type) {
      case 'block':
      case 'vstack':
      case 'box':
        return `<div class="ck-${node.type}">${children(node.children, depth)}</div>`;
      case 'hstack':
        return `<div class="ck-hstack">${children(node.children, depth)}</div>`;
      case 'divider':
        return '<hr class="ck-divider">';
      case 'text': {
        const inner = inline(node.children, depth);
        const tag = { bold: 'strong', italic: 'em', code: 'code', strikethrough: 's' }[String(node.style)] ?? 'span';
        return `<${tag}>${inner}</${tag}>`;
      }
      case 'link': {
        const href = safeUrl(isObject(node.target) ? node.target.url : undefined);
        const inner = inline(node.children, depth);
        return href ? `<a href="${escapeHtml(href)}">${inner}</a>` : inner;
      }
      case 'markdown':
        return typeof node.content === 'string' ? `<div class="ck-markdown">${md.render(node.content.slice(0, Math.max(0, chars)), env)}</div>` : '';
      case 'codeblock':
        return typeof node.content === 'string' ? `<pre class="ck-code"><code>${text(node.content)}</code></pre>` : '';
      case 'image': {
        const src = safeUrl(isObject(node.source) ? node.source.url : undefined);
        return src ? `<img class="ck-image" src="${escapeHtml(src)}" alt="">` : '';
      }
      case 'webframe': {
        const src = safeUrl(isObject(node.source) ? node.source.url : undefined);
        return src ? `<p class="ck-webframe"><a href="${escapeHtml(src)}">${text(src)}</a></p>` : '';
      }
      case 'button': {
        const href = openedUrl(node.onPress);
        const label = typeof node.label === 'string' ? text(node.label) : '';
        return href && label ? `<a class="ck-button" href="${escapeHtml(href)}">${label}</a>` : '';
      }
      case 'hint':
        return `<p class="ck-hint">${inline(node.children, depth)}</p>`;
      case 'card': {
        const href = openedUrl(node.onPress);
        const title = typeof node.title === 'string' ? text(node.title) : '';
        const heading = title ? `<p class="ck-card-title">${href ? `<a href="${escapeHtml(href)}">${title}</a>` : title}</p>` : '';
        const hint = node.hint !== undefined ? `<p class="ck-card-hint">${inline(node.hint, depth)}</p>` : '';
        return `<div class="ck-card">${heading}${hint}${children(node.children, depth)}${children(node.buttons, depth)}</div>`;
      }
      default:
        // Inputs, selects and the other interactive elements need the integration's live state: not on a read-only page.
        return '';
    }
  };
  return `<div class="integration-block">${draw(element, 0)}</div>\n`;
}

export const INTEGRATION_BLOCK_STYLES =
  '.integration-block{border:1px solid var(--border,#d0d7de);border-radius:.4em;padding:.5em 1em;margin:.75em 0}.ck-hstack{display:flex;flex-wrap:wrap;gap:.75em}.ck-vstack,.ck-box{display:block}' +
  '.ck-card{border:1px solid var(--border,#d0d7de);border-radius:.4em;padding:.25em .75em;margin:.5em 0}.ck-card-title{font-weight:600}.ck-card-hint,.ck-hint{color:var(--muted,#59636e)}' +
  '.ck-button{display:inline-block;border:1px solid var(--link,#0969da);border-radius:.4em;padding:.1em .75em;text-decoration:none;margin:.25em .25em .25em 0}.ck-image{max-width:100%}';
