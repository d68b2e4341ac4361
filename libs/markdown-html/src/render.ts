import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { plainTextFallback } from './fallback';
import { EMBED_ALLOW, EMBED_FRAME_HOSTS, EMBED_SANDBOX } from './embeds';
import type { OpenapiBlockView } from '@dp/contracts';
import { frameEmbeds, gitbookHtml, mathHtml, showIntegrationBlocks, showOperations } from './gitbook-blocks';
import type { ContentKitElement } from './integration-blocks';
import { readGitbookTable } from './gitbook-table';
import { gitbookTableHtml } from './gitbook-table-html';
import { inlineMath } from './inline-math';
import type { Highlight } from './highlight';
import { drawIcons, type IconStyle } from './icons';
import { measureHtml, type HtmlLimits } from './html-shape';

/**
 * A page's markdown to safe HTML, the one renderer of the published sites and of PDF exports (docs/adr/0040,
 * 0044): GitBook's block tags become their blocks (gitbook-blocks.ts, docs/adr/0077), markdown-it renders the
 * markdown between them (raw HTML allowed, as authors write it), then sanitize-html keeps only an
 * allowlist of tags, attributes, classes and URL schemes, so no script, no event-handler attribute, no
 * `javascript:` URL, no style sheet from content reaches the page, whatever the markdown holds. Links and
 * images are rewritten on the way (`rewrite`: content's `/pages/<id>` and `/files/<id>` links to where they
 * lead), before the scheme check, so a rewrite cannot open a hole.
 */

/** A URL as written (or as markdown-it normalised it) to where it leads on the published site; undefined: unchanged. */
export type RewriteUrl = (url: string) => string | undefined;

const md = new MarkdownIt({ html: true, linkify: true });

// One page is rendered in parts (the markdown between GitBook's tags) sharing one env: ids are counted over all.
const headingIds = new WeakMap<object, Map<string, number>>();
/** Ids on headings, so that `#anchor` links land (`## Install it` → `install-it`, repeats get `-2`, `-3`...). */
md.core.ruler.push('heading_ids', (state) => {
  const taken = headingIds.get(state.env) ?? new Map<string, number>();
  headingIds.set(state.env, taken);
  for (let i = 0; i < state.tokens.length; i++) {
    const token = state.tokens[i];
    if (token.type !== 'heading_open') continue;
    const base = anchorOf(state.tokens[i + 1]?.content ?? '') || 'section';
    const n = (taken.get(base) ?? 0) + 1;
    taken.set(base, n);
    token.attrSet('id', n === 1 ? base : `${base}-${n}`);
  }
});

export function anchorOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-');
}

// A page's code highlighter (highlight.ts), found by its env: markdown-it's own `highlight` option has no env.
const pageHighlights = new WeakMap<object, Highlight>();
const plainFence = md.renderer.rules.fence!;
md.renderer.rules.fence = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  const language = token.info.trim().split(/\s+/)[0];
  const highlighted = language && env ? pageHighlights.get(env)?.(token.content, language) : undefined;
  return highlighted === undefined ? plainFence(tokens, idx, options, env, self) : `${highlighted}\n`;
};

// GitBook's HTML tables (cards, hidden columns) as cards or as a grid of their visible columns.
const rawHtmlBlock = md.renderer.rules.html_block!;
md.renderer.rules.html_block = (tokens, idx, options, env, self) => {
  const table = readGitbookTable(tokens[idx].content);
  return table ? gitbookTableHtml(table) : rawHtmlBlock(tokens, idx, options, env, self);
};

/** `$$formula$$` within a line: inline math (GitBook's dialect). */
md.use(inlineMath);
md.renderer.rules.math_inline = (tokens, idx) => mathHtml(tokens[idx].content, false);

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const ALIGN = { 'text-align': [/^(left|right|center)$/] };

export interface RenderOptions {
  /**
   * URL schemes an image may have once rewritten; default http and https. A PDF export inlines the space's
   * images as `data:` URLs (its rewrite makes them), so that printing fetches nothing.
   */
  imageSchemes?: string[];
  /** Past these, the HTML is not sanitized and the page is its plain text (docs/adr/0059); default DEFAULT_HTML_LIMITS. */
  limits?: HtmlLimits;
  /** Code blocks' highlighting (highlighterFor); without it they show plain. */
  highlight?: Highlight;
  /** Embeds of the allowlisted providers as sandboxed frames (embeds.ts); otherwise, and in a PDF, links. */
  embedFrames?: boolean;
  /** The operations the page's OpenAPI blocks name, by `operationRefKey` (openapi-blocks.ts); without one a block shows its method and path. */
  operations?: Readonly<Record<string, OpenapiBlockView>>;
  /** The ContentKit elements the page's integration blocks rendered to, by kept-form key (integration-blocks.ts); without one a block shows its text. */
  integrations?: Readonly<Record<string, ContentKitElement>>;
  /** The set GitBook's icons are drawn from (icons.ts); default `regular`, the product's. */
  iconStyle?: IconStyle;
}

/**
 * Limits no real page reaches (docs/adr/0059 has the measurements): of 1,096 real markdown files (READMEs and
 * changelogs), the most tags is 4,084 (a 176 KB changelog) and the deepest nesting 35 (HTML tables in
 * `<details>`), while a page at both limits sanitizes in well under a second.
 */
export const DEFAULT_HTML_LIMITS: HtmlLimits = { maxTags: 20_000, maxDepth: 100 };

/** Why a page is shown as its plain text: its HTML passed a limit, its render its time budget, no thread was free, or its thread died. */
export type FallbackReason = 'limits' | 'deadline' | 'busy' | 'crashed';

export interface RenderedMarkdown {
  html: string;
  /** Set when `html` is the page's plain text instead of its rendering. */
  fallback?: FallbackReason;
}

function sanitizeOptions(rewrite: RewriteUrl, options: RenderOptions): sanitizeHtml.IOptions {
  const rewritten = (attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes => {
    const value = attribs[name];
    const to = value === undefined ? undefined : (rewrite(value) ?? rewrite(safeDecode(value)));
    return to === undefined ? attribs : { ...attribs, [name]: to };
  };
  return {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'caption', 'img', 'del', 'ins', 'details', 'summary', 'section', 'figure', 'figcaption', ...MATHML_TAGS, ...(options.embedFrames ? ['iframe'] : [])],
    allowedAttributes: {
      a: ['href', 'name', 'title', 'id', 'class', 'aria-label'],
      pre: ['class', 'style', 'tabindex'],
      span: ['class', 'style'],
      img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'class'],
      code: ['class'],
      ol: ['start'],
      th: ['style'],
      td: ['style'],
      div: ['role', 'aria-label'],
      details: ['open'],
      iframe: ['src', 'title', 'sandbox', 'allow', 'loading', 'referrerpolicy', 'allowfullscreen'],
      ...Object.fromEntries(HEADINGS.map((h) => [h, ['id']])),
      ...MATHML_ATTRIBUTES,
    },
    // `i`: GitBook's icons, drawn after sanitizing (icons.ts).
    allowedClasses: { code: ['language-*', 'math-source'], i: ['fa-*'], ...BLOCK_CLASSES },
    allowedStyles: { th: ALIGN, td: ALIGN, pre: SHIKI_PRE_STYLES, span: SHIKI_SPAN_STYLES },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: options.imageSchemes ?? ['http', 'https'], iframe: ['https'] },
    // A frame only to an allowlisted provider's player, whoever wrote it, and always in its sandbox.
    allowedIframeHostnames: EMBED_FRAME_HOSTS,
    allowIframeRelativeUrls: false,
    // A frame whose `src` was refused would stay as an empty frame: it goes.
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: rewritten(attribs, 'href') }),
      // An image written without alt text (raw HTML) is taken as decorative, not read out by its file name.
      img: (tagName, attribs) => {
        const image = rewritten(attribs, 'src');
        return { tagName, attribs: 'alt' in image ? image : { ...image, alt: '' } };
      },
      // A code block scrolls sideways, so it takes the keyboard's focus in the page's order (shiki's tabindex 0), never out of it.
      pre: (tagName, { tabindex, ...attribs }) => ({ tagName, attribs: tabindex === '0' ? { ...attribs, tabindex } : attribs }),
      iframe: (tagName, { src, title }) => ({
        tagName,
        attribs: { ...(src ? { src } : {}), ...(title ? { title } : {}), sandbox: EMBED_SANDBOX, allow: EMBED_ALLOW, loading: 'lazy', referrerpolicy: 'strict-origin-when-cross-origin', allowfullscreen: '' },
      }),
    },
  };
}

/** The classes of GitBook's blocks (gitbook-blocks.ts): a page's own HTML may use them too, and gains only their look. */
const BLOCK_CLASSES: Record<string, string[]> = {
  div: ['hint', 'hint-info', 'hint-warning', 'hint-danger', 'hint-success', 'tabs-block', 'tab-title', 'columns', 'column', 'content-ref', 'file', 'openapi-operation', 'openapi-schemas', 'openapi-body', 'openapi-responses', 'math-block', 'cards', 'cards-large', 'card', 'card-body', 'card-field', 'integration-block', 'ck-block', 'ck-vstack', 'ck-box', 'ck-hstack', 'ck-markdown', 'ck-card'],
  table: ['openapi-parameters'],
  ul: ['openapi-fields'],
  a: ['card-target', 'ck-button'],
  img: ['card-cover', 'ck-image'],
  hr: ['ck-divider'],
  section: ['tab'],
  ol: ['stepper'],
  li: ['step'],
  p: ['embed', 'openapi-signature', 'openapi-summary', 'ck-webframe', 'ck-hint', 'ck-card-title', 'ck-card-hint'],
  figure: ['code-block', 'line-numbers', 'wrap', 'embed-frame'],
  span: ['katex', 'line', 'openapi-method', 'openapi-method-*', 'openapi-type', 'openapi-required', 'openapi-deprecated', 'openapi-webhook-label'],
  pre: ['shiki', 'shiki-themes', 'github-light', 'github-dark', 'ck-code'],
};
/** shiki's two-theme colours (highlight.ts): custom properties holding a colour, which BLOCK_STYLES reads. */
const COLOR = [/^#[0-9a-fA-F]{3,8}$/];
const SHIKI_PRE_STYLES = { '--shiki-light': COLOR, '--shiki-dark': COLOR, '--shiki-light-bg': COLOR, '--shiki-dark-bg': COLOR };
const FONT_STYLE = [/^(italic|normal)$/];
const FONT_WEIGHT = [/^(bold|normal)$/];
const SHIKI_SPAN_STYLES = {
  '--shiki-light': COLOR,
  '--shiki-dark': COLOR,
  '--shiki-light-font-style': FONT_STYLE,
  '--shiki-dark-font-style': FONT_STYLE,
  '--shiki-light-font-weight': FONT_WEIGHT,
  '--shiki-dark-font-weight': FONT_WEIGHT,
};
/** MathML as KaTeX writes it (output: 'mathml'): presentation elements only, no links, no styles. */
const MATHML_TAGS = ['math', 'semantics', 'annotation', 'mrow', 'mi', 'mo', 'mn', 'ms', 'mtext', 'mspace', 'msup', 'msub', 'msubsup', 'mfrac', 'msqrt', 'mroot', 'mover', 'munder', 'munderover', 'mtable', 'mtr', 'mtd', 'mstyle', 'mpadded', 'mphantom', 'menclose', 'span'];
const MATHML_ATTRIBUTES: Record<string, string[]> = {
  math: ['xmlns', 'display'],
  annotation: ['encoding'],
  mo: ['stretchy', 'fence', 'separator', 'lspace', 'rspace', 'minsize', 'maxsize', 'accent', 'movablelimits', 'symmetric'],
  mi: ['mathvariant'],
  mstyle: ['displaystyle', 'scriptlevel', 'mathcolor'],
  mspace: ['width'],
  mpadded: ['width', 'height', 'depth', 'voffset', 'lspace'],
  mtable: ['columnalign', 'rowspacing', 'columnspacing', 'rowlines', 'columnlines'],
  mtd: ['columnalign'],
  mover: ['accent'],
  munder: ['accentunder'],
  menclose: ['notation'],
  mfrac: ['linethickness'],
};

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/** The page's safe HTML, or its plain text when the HTML is past the limits (measured before the sanitizer runs). */
export function renderPage(markdown: string, rewrite: RewriteUrl, options: RenderOptions = {}): RenderedMarkdown {
  const env = {};
  if (options.highlight) pageHighlights.set(env, options.highlight);
  if (options.embedFrames) frameEmbeds(env);
  if (options.operations) showOperations(env, options.operations);
  if (options.integrations) showIntegrationBlocks(env, options.integrations);
  const html = gitbookHtml(markdown, md, env);
  if (measureHtml(html, options.limits ?? DEFAULT_HTML_LIMITS).exceeded) return { html: plainTextFallback(markdown), fallback: 'limits' };
  return { html: drawIcons(sanitizeHtml(html, sanitizeOptions(rewrite, options)), options.iconStyle ?? 'regular') };
}

/** renderPage's HTML, on the caller's thread: bounded by the limits, not by time (createMarkdownRenderer is). */
export const renderMarkdown = (markdown: string, rewrite: RewriteUrl, options: RenderOptions = {}): string => renderPage(markdown, rewrite, options).html;

/** Whether the document opens with a level-1 heading (then the page's title is not shown a second time). */
export const opensWithTitle = (markdown: string) => /^#\s/.test(markdown.replace(/^(\s*\n)+/, '').replace(/^---\n[\s\S]*?\n---\n\s*/, ''));
