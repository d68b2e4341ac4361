import { BLOCK_STYLES, escapeHtml } from '@dp/markdown-html';

/**
 * The HTML of a published page (docs/adr/0040): a header with the site's title, section tabs (groups as tab
 * groups), a switcher between the site spaces of the section, the navigation tree, the page's sanitized body.
 * No script at all: the page works without one, and the Content-Security-Policy forbids any. Every text from
 * the site's structure is escaped here; the body arrives sanitized (./markdown.ts). Pure.
 */

export interface Link {
  title: string;
  href: string;
  current: boolean;
}

export type TabView = ({ kind: 'section' } & Link) | { kind: 'group'; title: string; current: boolean; sections: Link[] };

export interface NavLink {
  kind: 'page' | 'group';
  title: string;
  emoji?: string;
  href: string;
  current: boolean;
  children: NavLink[];
}

export interface PageView {
  siteTitle: string;
  homeHref: string;
  title: string;
  description?: string;
  /** The page body, already sanitized. */
  bodyHtml: string;
  /** False when the body opens with its own title. */
  showTitle: boolean;
  tabs: TabView[];
  /** The site spaces of the current section (shown when there are two or more). */
  variants: Link[];
  nav: NavLink[];
  markdownHref: string;
}

const current = (on: boolean) => (on ? ' aria-current="page"' : '');
const anchor = (link: Link, cls = '') => `<a href="${escapeHtml(link.href)}"${cls ? ` class="${cls}"` : ''}${current(link.current)}>${escapeHtml(link.title)}</a>`;

function tabsHtml(tabs: TabView[]): string {
  if (tabs.length === 0) return '';
  const items = tabs.map((tab) =>
    tab.kind === 'section'
      ? `<li>${anchor(tab, 'tab')}</li>`
      : `<li class="tab-group"><details${tab.current ? ' open' : ''}><summary>${escapeHtml(tab.title)}</summary><ul>${tab.sections.map((s) => `<li>${anchor(s, 'tab')}</li>`).join('')}</ul></details></li>`,
  );
  return `<nav class="tabs" aria-label="Sections"><ul>${items.join('')}</ul></nav>`;
}

function variantsHtml(variants: Link[]): string {
  if (variants.length < 2) return '';
  return `<nav class="variants" aria-label="Variants"><ul>${variants.map((v) => `<li>${anchor(v, 'variant')}</li>`).join('')}</ul></nav>`;
}

function navHtml(nodes: NavLink[]): string {
  if (nodes.length === 0) return '';
  const items = nodes.map((node) => {
    const label = `${node.emoji ? `${escapeHtml(node.emoji)} ` : ''}${escapeHtml(node.title)}`;
    const head = node.kind === 'group' ? `<span class="nav-group">${label}</span>` : `<a href="${escapeHtml(node.href)}"${current(node.current)}>${label}</a>`;
    return `<li class="nav-${node.kind}">${head}${navHtml(node.children)}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

const STYLE = `body{margin:0;font:16px/1.6 system-ui,sans-serif;color:#1f2328}header{display:flex;gap:1.5rem;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid #d0d7de;flex-wrap:wrap}header .site{font-weight:600;color:inherit;text-decoration:none}nav ul{list-style:none;margin:0;padding:0}.tabs ul,.variants ul{display:flex;gap:1rem}.tab-group ul{display:block}[aria-current=page]{font-weight:600}.layout{display:flex}.sidebar{width:16rem;padding:1rem 1.5rem;border-right:1px solid #d0d7de}.sidebar ul ul{padding-left:1rem}.nav-group{display:block;margin-top:.75rem;font-size:.8rem;text-transform:uppercase;color:#59636e}main{flex:1;max-width:48rem;padding:1rem 2rem}pre{background:#f6f8fa;padding:1rem;overflow:auto}img{max-width:100%}a{color:#0969da}${BLOCK_STYLES}`;

function layout(title: string, siteTitle: string, homeHref: string, header: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header><a class="site" href="${escapeHtml(homeHref)}">${escapeHtml(siteTitle)}</a>${header}</header>
${body}
</body></html>
`;
}

export function pageHtml(view: PageView): string {
  const title = view.title === view.siteTitle ? view.title : `${view.title} | ${view.siteTitle}`;
  const article = `${view.showTitle ? `<h1>${escapeHtml(view.title)}</h1>` : ''}${view.description ? `<p class="description">${escapeHtml(view.description)}</p>` : ''}${view.bodyHtml}`;
  const main = `<div class="layout"><nav class="sidebar" aria-label="Pages">${navHtml(view.nav)}</nav><main><article>${article}</article><p class="source"><a href="${escapeHtml(view.markdownHref)}">View as markdown</a></p></main></div>`;
  return layout(title, view.siteTitle, view.homeHref, `${tabsHtml(view.tabs)}${variantsHtml(view.variants)}`, main);
}

/** The 404 page: within the site's frame when the site is known to the visitor, a bare one otherwise. */
export function notFoundHtml(site?: { title: string; homeHref: string }): string {
  const body = `<main><h1>Page not found</h1><p>There is no page at this address.${site ? ` <a href="${escapeHtml(site.homeHref)}">Back to ${escapeHtml(site.title)}</a>` : ''}</p></main>`;
  return layout('Page not found', site?.title ?? 'Page not found', site?.homeHref ?? '/', '', body);
}
