import katex from 'katex';
import type MarkdownItModule from 'markdown-it';
import { embedFrameHtml } from './embeds';
import { escapeHtml } from './fallback';
import { holdsCondition } from './kept-form';
import type { OpenapiBlockView } from '@dp/contracts';
import { childTags, splitTags, type Segment, type TagSegment as Tag } from './gitbook-tags';
import { isOperationView, isSchemasView, operationHtml, operationRefKey, refOf, schemasHtml } from './openapi-blocks';
import { contentKitHtml, INTEGRATION_BLOCK_STYLES, type ContentKitElement } from './integration-blocks';

type MarkdownIt = InstanceType<typeof MarkdownItModule>;
/** What the parts of one page share while it renders (its heading ids, render.ts). */
type Env = Record<string, unknown>;

/**
 * GitBook's block tags as HTML (docs/adr/0077): hints as notes with their style, tabs as titled sections (a page
 * script may turn them into a tab list; without one they read stacked), steppers as numbered lists, columns,
 * `<details>` expandables, content-ref cards, embeds and files as links, titled code as a figure, the OpenAPI
 * blocks by their method, path or schemas, and math typeset by KaTeX as MathML. What lies between tags is
 * markdown, rendered by `md`. Not sanitized here: renderPage sanitizes the whole page.
 */
export function gitbookHtml(markdown: string, md: MarkdownIt, env: Env): string {
  return segmentsHtml(splitTags(markdown), md, env);
}

/**
 * How the published site and the PDF show these blocks: one stylesheet, sized in `em` so it fits screen and paper.
 * Colours are the page's custom properties (`--border`, `--surface`, `--link`, `--muted`) where it sets them (the
 * site, light or dark), GitHub's light ones otherwise (the PDF).
 */
export const BLOCK_STYLES =
  '.hint{border-left:.25em solid var(--info,var(--link,#0969da));background:var(--surface,#f6f8fa);padding:.1em 1em;margin:1em 0}.hint-warning{border-color:var(--warning,#bf8700)}.hint-danger{border-color:var(--danger,#cf222e)}.hint-success{border-color:var(--success,#1a7f37)}' +
  '.tab,.content-ref,.file,.openapi-operation,.openapi-schemas{border:1px solid var(--border,#d0d7de);border-radius:.4em;padding:.1em 1em;margin:.75em 0}.tab-title,figcaption,summary{font-weight:600}figure{margin:.75em 0}' +
  '.columns{display:flex;gap:1.5em;flex-wrap:wrap}.column{flex:1;min-width:12em}.math-block{overflow-x:auto}' +
  '.icon{display:inline-block;height:1em;width:auto;vertical-align:-.125em}' +
  '.embed-frame iframe{display:block;width:100%;aspect-ratio:16/9;border:0;border-radius:.4em}' +
  // Highlighted code (highlight.ts): shiki's light colours (the site's dark theme picks the dark ones); line
  // numbers counted by CSS; wrapped code.
  '.shiki{color:var(--shiki-light);background:var(--shiki-light-bg);border:1px solid var(--border,#d0d7de);border-radius:.4em}.shiki span{color:var(--shiki-light);font-style:var(--shiki-light-font-style);font-weight:var(--shiki-light-font-weight)}' +
  '.line-numbers code{counter-reset:line}.line-numbers .line::before{counter-increment:line;content:counter(line);display:inline-block;width:2em;margin-right:1em;text-align:right;color:var(--muted,#6e7781)}' +
  '.wrap pre{white-space:pre-wrap;overflow-wrap:anywhere}' +
  // Cards (gitbook-table-html.ts): a grid; the target's link covers the card, links in its fields stay above it.
  '.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:1em;margin:1em 0}.cards-large{grid-template-columns:repeat(auto-fill,minmax(20em,1fr))}' +
  '.card{position:relative;border:1px solid var(--border,#d0d7de);border-radius:.5em;overflow:hidden}.card:hover{border-color:var(--link,#0969da)}.card-body{padding:.5em 1em}.card-field{margin:.25em 0}' +
  '.card-cover{display:block;width:100%;aspect-ratio:16/9;object-fit:cover}.card-target{position:absolute;inset:0}.card-field a{position:relative;z-index:1}' +
  INTEGRATION_BLOCK_STYLES;

/** The pages (by their env) whose embeds may be frames: the published site's, not the PDF's, which cannot print them. */
const framedPages = new WeakSet<object>();
export const frameEmbeds = (env: Env) => void framedPages.add(env);
/** The operations of the specs a page's OpenAPI blocks name (openapi-blocks.ts), by `operationRefKey`. */
const pageOperations = new WeakMap<object, Readonly<Record<string, OpenapiBlockView>>>();
export const showOperations = (env: Env, operations: Readonly<Record<string, OpenapiBlockView>>) => void pageOperations.set(env, operations);
/** The ContentKit elements a page's integration blocks rendered to (integration-blocks.ts), by their kept form's key. */
const pageIntegrations = new WeakMap<object, Readonly<Record<string, ContentKitElement>>>();
export const showIntegrationBlocks = (env: Env, elements: Readonly<Record<string, ContentKitElement>>) => void pageIntegrations.set(env, elements);

/** Longer formulas are shown as their source: KaTeX's work grows with them, and no real formula is this long. */
const MAX_FORMULA = 5_000;
const HINTS: Record<string, string> = { info: 'Info', warning: 'Warning', danger: 'Danger', success: 'Success' };
const UNKNOWN_TAG_LINE = /^[ \t]*\{%[^%\n]*%\}[ \t]*$/gm;

/** A formula as MathML (no styles, no fonts to load; Chromium renders it), or its source where KaTeX refuses it. */
export function mathHtml(formula: string, display: boolean): string {
  if (formula.length > MAX_FORMULA) return `<code class="math-source">${escapeHtml(formula)}</code>`;
  // maxExpand bounds macro expansion (a formula of self-expanding macros); trust off: no \href, \url, \htmlClass.
  return katex.renderToString(formula, { output: 'mathml', displayMode: display, throwOnError: false, trust: false, strict: 'ignore', maxExpand: 200, maxSize: 10 });
}

function segmentsHtml(segments: Segment[], md: MarkdownIt, env: Env): string {
  return segments.map((segment) => segmentHtml(segment, md, env)).join('');
}

function segmentHtml(segment: Segment, md: MarkdownIt, env: Env): string {
  switch (segment.kind) {
    case 'markdown':
      // Tags this renderer does not know (`{% include %}`, `{% swagger %}`...): their content stays, the tags go.
      return md.render(segment.text.replace(UNKNOWN_TAG_LINE, ''), env);
    case 'math':
      return `<div class="math-block">${mathHtml(segment.formula, true)}</div>\n`;
    case 'details':
      return `<details${segment.open ? ' open' : ''}><summary>${md.renderInline(segment.summary, env)}</summary>\n${segmentsHtml(segment.body, md, env)}</details>\n`;
    case 'tag':
      return tagHtml(segment, md, env);
  }
}

const attr = (value: string | undefined) => escapeHtml(value ?? '');
/** The tag's children named `name`, each with its blocks as HTML. */
const itemsOf = (tag: Tag, name: string, md: MarkdownIt, env: Env) =>
  childTags(tag, name).map((child) => ({ child, html: segmentsHtml(child.body ?? [], md, env) }));
const link = (href: string | undefined, text: string) => (href ? `<a href="${attr(href)}">${escapeHtml(text)}</a>` : escapeHtml(text));
/** An OpenAPI operation or webhook: its method and what it answers, then whatever the tag holds. */
const operation = (method: string | undefined, target: string | undefined, inner = '') => `<div class="openapi-operation"><p><code>${attr(method?.toUpperCase())} ${attr(target)}</code></p>
${inner}</div>
`;

function tagHtml(tag: Tag, md: MarkdownIt, env: Env): string {
  const a = tag.attributes;
  const body = () => segmentsHtml(tag.body ?? [], md, env);
  switch (tag.name) {
    case 'hint': {
      const style = a.style && HINTS[a.style] ? a.style : 'info';
      return `<div class="hint hint-${style}" role="note" aria-label="${HINTS[style]}">\n${body()}</div>\n`;
    }
    case 'tabs':
      return `<div class="tabs-block">\n${itemsOf(tag, 'tab', md, env)
        .map(({ child, html }) => `<section class="tab"><div class="tab-title">${escapeHtml(child.attributes.title ?? '')}</div>\n${html}</section>\n`)
        .join('')}</div>\n`;
    case 'stepper':
      return `<ol class="stepper">\n${itemsOf(tag, 'step', md, env)
        .map(({ html }) => `<li class="step">\n${html}</li>\n`)
        .join('')}</ol>\n`;
    case 'columns':
      return `<div class="columns">\n${itemsOf(tag, 'column', md, env)
        .map(({ html }) => `<div class="column">\n${html}</div>\n`)
        .join('')}</div>\n`;
    case 'code': {
      const classes = ['code-block', a.lineNumbers === 'true' ? 'line-numbers' : '', a.overflow === 'wrap' ? 'wrap' : ''].filter(Boolean).join(' ');
      return `<figure class="${classes}">${a.title ? `<figcaption>${escapeHtml(a.title)}</figcaption>` : ''}\n${body()}</figure>\n`;
    }
    case 'content-ref': {
      const inside = body();
      return `<div class="content-ref">\n${inside || `<p>${link(a.url, a.url ?? '')}</p>\n`}</div>\n`;
    }
    case 'embed':
      return (framedPages.has(env) && a.url ? embedFrameHtml(a.url) : undefined) ?? `<p class="embed">${link(a.url, a.url ?? '')}</p>\n`;
    case 'file': {
      const caption = body();
      return `<div class="file"><p>${link(a.src, (a.src ?? '').replace(/.*\//, ''))}</p>\n${caption}</div>\n`;
    }
    case 'openapi':
    case 'openapi-operation': {
      const ref = refOf(tag.name, a);
      const view = ref ? pageOperations.get(env)?.[operationRefKey(ref)] : undefined;
      return isOperationView(view) ? operationHtml(view, md, env, body()) : operation(a.method, a.path, body());
    }
    case 'openapi-webhook': {
      const ref = refOf(tag.name, a);
      const view = ref ? pageOperations.get(env)?.[operationRefKey(ref)] : undefined;
      return isOperationView(view) ? operationHtml(view, md, env, body(), true) : operation(a.method, a.name);
    }
    case 'openapi-schemas': {
      const ref = refOf(tag.name, a);
      const view = ref ? pageOperations.get(env)?.[operationRefKey(ref)] : undefined;
      if (isSchemasView(view)) return schemasHtml(view, md, env, body());
      return `<div class="openapi-schemas">\n${body() || `<p>${escapeHtml((a.schemas ?? '').split(',').map((name) => name.trim()).filter(Boolean).join(', '))}</p>\n`}</div>\n`;
    }
    case 'json': {
      // A block kept in its JSON form (docs/adr/0072) shows its text, unless it holds a conditional block: that
      // text is for the visitors its expression picks, which this renderer cannot judge, so it shows to no one.
      // An integration block its integration rendered shows that (docs/adr/0094).
      if (holdsCondition(a.block)) return '';
      const element = a.block === undefined ? undefined : pageIntegrations.get(env)?.[a.block];
      return element === undefined ? body() : contentKitHtml(element, md, env);
    }
    default:
      // A tab, step or column outside its container: its content as it stands.
      return body();
  }
}
