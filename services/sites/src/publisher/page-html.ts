import { BLOCK_STYLES, emojiCharacters, escapeHtml, iconSvg, type IconStyle } from '@dp/markdown-html';
import type { Branding } from './branding';
import { PLAIN_STYLING } from './branding-styling';
import { announcementHtml, BRANDING_STYLES, brandingStyle, footerHtml, headerLinksHtml, headHtml, rootAttributes, siteNameHtml } from './branding-html';
import { PAGE_SCRIPT } from './page-script';
import { SEARCH_STYLES, searchFormHtml } from './search-html';

/**
 * The HTML of a published page (docs/adr/0040): a header with the site's title, section tabs (groups as tab
 * groups), a switcher between the site spaces of the section, the navigation tree, the page's sanitized body
 * with its breadcrumbs, previous and next pages, and its outline. The page works without a script; its one
 * script (page-script.ts, allowed by its hash) only enhances it. Every text from
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
  /** A Font Awesome icon's name, drawn in the site's icon set when the page has no emoji. */
  icon?: string;
  href: string;
  current: boolean;
  children: NavLink[];
  /** A group of a big space off the current branch: its pages load from `fragmentHref` when opened (docs/adr/0084). */
  collapsed?: { fragmentHref: string; first?: { title: string; href: string } };
}

export interface PageView {
  /** What the site's customization draws (its title, logo, colours, header and footer). */
  branding: Branding;
  homeHref: string;
  /** The language its space is written in (`<html lang>`); absent: English. */
  language?: string;
  /** The page in each language the site publishes it in, itself included (`hreflang` links); absent: none. */
  alternates?: Array<{ language: string; href: string }>;
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
  /** The page's ancestors, from the top: pages link, groups do not. */
  breadcrumbs: Array<{ title: string; href?: string }>;
  /** The pages before and after it in reading order (hidden pages left out). */
  previous?: { title: string; href: string };
  next?: { title: string; href: string };
  /** When the page last changed (ISO 8601). */
  updatedAt?: string;
  /** The site's search results page (`<mount>/.search`). */
  searchHref: string;
  /** The page's address where the site is published (its custom hostname, proxy or publisher address). */
  canonicalHref?: string;
  /** Where "Was this page helpful?" posts, and what it rates; absent when the site does not ask (docs/adr/0093). */
  feedback?: { action: string; siteSpace: string; page: string };
}

/** A heading of the body as the outline lists it; `html` is its text as the sanitized body holds it. */
export interface OutlineEntry {
  level: 2 | 3;
  id: string;
  html: string;
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

/** A page's emoji, else its icon (an unknown icon shows nothing), before its title. */
function markOf(node: NavLink, iconStyle: IconStyle): string {
  if (node.emoji) return `${escapeHtml(emojiCharacters(node.emoji))} `;
  const svg = node.icon ? iconSvg(node.icon, iconStyle) : undefined;
  return svg ? `${svg} ` : '';
}

export function navHtml(nodes: NavLink[], iconStyle: IconStyle): string {
  if (nodes.length === 0) return '';
  const items = nodes.map((node) => {
    const label = `${markOf(node, iconStyle)}${escapeHtml(node.title)}`;
    if (node.collapsed) {
      // Without a script, opening it offers the group's first page; the page script loads all of its pages.
      const first = node.collapsed.first ? `<ul><li><a href="${escapeHtml(node.collapsed.first.href)}">${escapeHtml(node.collapsed.first.title)}</a></li></ul>` : '';
      return `<li class="nav-group"><details data-nav="${escapeHtml(node.collapsed.fragmentHref)}"><summary class="nav-group">${label}</summary>${first}</details></li>`;
    }
    const head = node.kind === 'group' ? `<span class="nav-group">${label}</span>` : `<a href="${escapeHtml(node.href)}"${current(node.current)}>${label}</a>`;
    return `<li class="nav-${node.kind}">${head}${navHtml(node.children, iconStyle)}</li>`;
  });
  return `<ul>${items.join('')}</ul>`;
}

/**
 * The reader's layout (issue 24), without any script: the pages' tree in a sidebar that a "Menu" button shows
 * below 1024 px (a checkbox and its label: no script needed), the article, and an "On this page" outline from
 * 1280 px. Nothing is wider than the screen: long words wrap, tables and code scroll within themselves.
 */
/** GitHub's colours, light and dark, as the custom properties the page (and BLOCK_STYLES) paint with. */
const LIGHT = '--fg:#1f2328;--bg:#fff;--muted:#59636e;--border:#d0d7de;--link:#0969da;--surface:#f6f8fa;--nav:#424a53';
const DARK = '--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--border:#3d444d;--link:#4493f8;--surface:#151b23;--nav:#c9d1d9';
/** Rules for the dark theme: chosen by the reader (`data-theme`, the page script's switch), else by the system. */
const darkUnder = (root: string) =>
  `${root}{${DARK};color-scheme:dark}` +
  `${root} .shiki{color:var(--shiki-dark);background:var(--shiki-dark-bg)}${root} .shiki span{color:var(--shiki-dark);font-style:var(--shiki-dark-font-style);font-weight:var(--shiki-dark-font-weight)}`;

const STYLE =
  `:root{${LIGHT};color-scheme:light}` +
  '@media (prefers-color-scheme:dark){' + darkUnder(':root:not([data-theme=light])') + '}' + darkUnder(':root[data-theme=dark]') +
  'body{margin:0;font:16px/1.6 system-ui,sans-serif;color:var(--fg);background:var(--bg)}a{color:var(--link)}img{max-width:100%;height:auto}' +
  'header{display:flex;gap:1rem 1.5rem;align-items:center;padding:.75rem 1.5rem;border-bottom:1px solid var(--border);flex-wrap:wrap;box-shadow:0 1px 3px rgba(0,0,0,.08)}header .site{font-weight:600;color:inherit;text-decoration:none}' +
  'nav ul,nav ol{list-style:none;margin:0;padding:0}.tabs ul,.variants ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem}.tab-group ul{display:block}[aria-current=page]{font-weight:600}' +
  '.nav-toggle{position:absolute;opacity:0;width:1px;height:1px}.menu-button,.theme-switch{display:none;cursor:pointer;border:1px solid var(--border);border-radius:var(--radius);padding:.15rem .75rem;font:inherit;color:inherit;background:none}.nav-toggle:focus-visible~header .menu-button{outline:2px solid var(--link);outline-offset:2px}' +
  '.theme-switch{display:inline-block;margin-left:auto}.copy-markdown{cursor:pointer;border:1px solid var(--border);border-radius:var(--radius);padding:.1rem .6rem;font:inherit;font-size:.875rem;color:inherit;background:none}' +
  '.layout{display:flex;align-items:flex-start}.sidebar{flex:none;width:16rem;padding:1rem 1.5rem;border-right:1px solid var(--border);box-sizing:border-box}.sidebar ul ul{padding-left:1rem}.sidebar li{margin:.15rem 0}' +
  '.nav-group{display:block;margin-top:.75rem;font-size:.8rem;text-transform:uppercase;color:var(--muted)}summary.nav-group{display:list-item;cursor:pointer}' +
  'main{flex:1;min-width:0;max-width:48rem;padding:1rem 2rem}article{overflow-wrap:anywhere}article table{display:block;overflow-x:auto;border-collapse:collapse}article th,article td{border:1px solid var(--border);padding:.3rem .6rem}pre{background:var(--surface);padding:1rem;overflow:auto}' +
  '.feedback{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin-top:1.5rem}.feedback p{margin:0 .5rem 0 0;color:var(--muted)}.feedback button{cursor:pointer;border:1px solid var(--border);border-radius:var(--radius);padding:.1rem .75rem;font:inherit;color:inherit;background:none}' +
  '.updated{font-size:.875rem;color:var(--muted);margin-top:2rem}.breadcrumbs ol{display:flex;flex-wrap:wrap;gap:.25rem;font-size:.875rem;color:var(--muted)}.breadcrumbs li+li::before{content:"/";margin-right:.25rem}.description{font-size:1.1rem;color:var(--muted)}' +
  '.pagination{display:flex;justify-content:space-between;gap:1rem;margin:2rem 0 1rem}.pagination a{display:block;border:1px solid var(--border);border-radius:var(--radius);padding:.5rem 1rem;text-decoration:none;max-width:48%;box-shadow:0 1px 2px rgba(0,0,0,.08)}.pagination .next{margin-left:auto;text-align:right}.pagination small{display:block;color:var(--muted)}' +
  '.outline{flex:none;width:14rem;padding:1rem;font-size:.875rem;position:sticky;top:0;max-height:100vh;overflow:auto;box-sizing:border-box}.outline p{font-weight:600;margin:0 0 .5rem}.outline .outline-3{padding-left:1rem}.outline a{color:var(--nav);text-decoration:none}' +
  '@media (max-width:1279px){.outline{display:none}}' +
  // The page script's tab lists (page-script.ts); without it, tabs stay titled sections.
  '.tablist{display:flex;flex-wrap:wrap;gap:.25rem;border-bottom:1px solid var(--border);margin-top:.75em}.tablist [role=tab]{font:inherit;background:none;border:0;border-bottom:2px solid transparent;padding:.4em .8em;cursor:pointer;color:var(--nav)}' +
  '.tablist [aria-selected=true]{border-bottom-color:var(--link);color:var(--fg);font-weight:600}.tabs-enhanced>.tab{margin-top:0;border-top:0;border-radius:0 0 .4em .4em}.tabs-enhanced .tab-title{display:none}.outline [aria-current]{color:var(--link);font-weight:600}' +
  '@media (max-width:1023px){.menu-button{display:inline-block}.theme-switch{margin-left:0}.layout{display:block}.sidebar{display:none;width:auto;border-right:0;border-bottom:1px solid var(--border)}.nav-toggle:checked~.layout .sidebar{display:block}main{padding:1rem}header{padding:.75rem 1rem}}' +
  BRANDING_STYLES +
  SEARCH_STYLES +
  BLOCK_STYLES;

/** `menu`: the page has the pages' sidebar, which the Menu button shows on narrow screens; `language`: its `lang`. */
function layout(title: string, branding: Branding, homeHref: string, header: string, body: string, opts: { menu?: boolean; canonical?: string; language?: string; alternates?: PageView['alternates'] } = {}): string {
  const { menu = false, canonical } = opts;
  const alternates = (opts.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.language)}" href="${escapeHtml(a.href)}">`).join('');
  const toggle = menu ? '<input type="checkbox" id="nav-toggle" class="nav-toggle" aria-label="Menu" aria-controls="pages">' : '';
  return `<!doctype html>
<html lang="${escapeHtml(opts.language ?? 'en')}"${rootAttributes(branding)}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>${canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : ''}${alternates}${headHtml(branding)}<style>${STYLE}${brandingStyle(branding)}</style>${menu ? `<script>${PAGE_SCRIPT}</script>` : ''}</head>
<body>${toggle}${announcementHtml(branding)}<header><a class="site" href="${escapeHtml(homeHref)}">${siteNameHtml(branding)}</a>${header}${headerLinksHtml(branding)}${menu ? '<label for="nav-toggle" class="menu-button">Menu</label>' : ''}</header>
${body}
${footerHtml(branding)}</body></html>
`;
}

/** The headings of levels 2 and 3 of a sanitized body, with their ids (markdown-it gives every heading one). */
export function outlineOf(bodyHtml: string): OutlineEntry[] {
  return [...bodyHtml.matchAll(/<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g)].map(([, level, id, inner]) => ({ level: level === '2' ? 2 : 3, id, html: inner.replace(/<[^>]*>/g, '').trim() }));
}

function outlineHtml(entries: OutlineEntry[]): string {
  if (entries.length === 0) return '';
  const items = entries.map((e) => `<li class="outline-${e.level}"><a href="#${escapeHtml(e.id)}">${e.html}</a></li>`).join('');
  return `<nav class="outline" aria-label="On this page"><p>On this page</p><ul>${items}</ul></nav>`;
}

function breadcrumbsHtml(crumbs: PageView['breadcrumbs']): string {
  if (crumbs.length === 0) return '';
  const items = crumbs.map((c) => `<li>${c.href ? `<a href="${escapeHtml(c.href)}">${escapeHtml(c.title)}</a>` : escapeHtml(c.title)}</li>`).join('');
  return `<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${items}</ol></nav>`;
}

/** "Last updated Nov 28, 2026", the date as UTC sees it (a page is the same for every reader, wherever they are). */
function updatedHtml(iso: string | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '';
  const shown = date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `<p class="updated">Last updated <time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(shown)}</time></p>`;
}

function paginationHtml(view: PageView): string {
  if (!view.branding.pagination || (!view.previous && !view.next)) return '';
  const link = (to: { title: string; href: string }, rel: 'prev' | 'next') =>
    `<a class="${rel === 'prev' ? 'previous' : 'next'}" rel="${rel}" href="${escapeHtml(to.href)}"><small>${rel === 'prev' ? 'Previous' : 'Next'}</small>${escapeHtml(to.title)}</a>`;
  return `<nav class="pagination" aria-label="Previous and next pages">${view.previous ? link(view.previous, 'prev') : ''}${view.next ? link(view.next, 'next') : ''}</nav>`;
}

/** "Was this page helpful?": a form that works without the page script (the publisher answers a thank-you page). */
function feedbackHtml(feedback: PageView['feedback']): string {
  if (!feedback) return '';
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const buttons = FEEDBACK_BUTTONS.map(([rating, label]) => `<button type="submit" name="rating" value="${rating}">${label}</button>`).join('');
  return `<form class="feedback" method="post" action="${escapeHtml(feedback.action)}">${hidden('siteSpace', feedback.siteSpace)}${hidden('page', feedback.page)}<p>Was this page helpful?</p>${buttons}</form>`;
}
const FEEDBACK_BUTTONS = [['good', 'Yes'], ['ok', 'Somewhat'], ['bad', 'No']] as const;

/** The answer to a rating sent without the page script: the site's frame, thanks and the way back. */
export function feedbackThanksHtml(site: { branding: Branding; homeHref: string }, backHref: string): string {
  const body = `<main><h1>Thanks for your feedback!</h1><p><a href="${escapeHtml(backHref)}">Back to the page</a></p></main>`;
  return layout(`Thanks | ${site.branding.title}`, site.branding, site.homeHref, '', body);
}

export function pageHtml(view: PageView): string {
  const siteTitle = view.branding.title;
  const title = view.title === siteTitle ? view.title : `${view.title} | ${siteTitle}`;
  const article = `${breadcrumbsHtml(view.breadcrumbs)}${view.showTitle ? `<h1>${escapeHtml(view.title)}</h1>` : ''}${view.description ? `<p class="description">${escapeHtml(view.description)}</p>` : ''}${view.bodyHtml}`;
  const source = view.branding.copyMarkdown ? `<p class="source"><a href="${escapeHtml(view.markdownHref)}">View as markdown</a></p>` : '';
  const main = `<main><article>${article}</article>${updatedHtml(view.updatedAt)}${feedbackHtml(view.feedback)}${paginationHtml(view)}${source}</main>`;
  const body = `<div class="layout"><nav class="sidebar" id="pages" aria-label="Pages">${navHtml(view.nav, view.branding.styling.icons)}</nav>${main}${outlineHtml(outlineOf(view.bodyHtml))}</div>`;
  return layout(title, view.branding, view.homeHref, `${tabsHtml(view.tabs)}${variantsHtml(view.variants)}${searchFormHtml(view.searchHref)}`, body, { menu: true, canonical: view.canonicalHref, language: view.language, alternates: view.alternates });
}

/** The results page of a search (what the header's form opens without a script): the site's frame, the form, the hits. */
export function searchPageHtml(site: { branding: Branding; homeHref: string; searchHref: string }, query: string, hitsHtml: string): string {
  const heading = query ? `Results for “${escapeHtml(query)}”` : 'Search';
  const body = `<main><h1>${heading}</h1>${searchFormHtml(site.searchHref, query)}${query ? hitsHtml : ''}</main>`;
  return layout(query ? `${query} | ${site.branding.title}` : `Search | ${site.branding.title}`, site.branding, site.homeHref, '', body);
}

/** The 404 page: within the site's frame when the site is known to the visitor, a bare one otherwise. */
export function notFoundHtml(site?: { branding: Branding; homeHref: string }): string {
  const body = `<main><h1>Page not found</h1><p>There is no page at this address.${site ? ` <a href="${escapeHtml(site.homeHref)}">Back to ${escapeHtml(site.branding.title)}</a>` : ''}</p></main>`;
  return layout('Page not found', site?.branding ?? BARE, site?.homeHref ?? '/', '', body);
}

/** The frame of a 404 that tells nothing about the site. */
const BARE: Branding = {
  title: 'Page not found',
  corners: 'rounded',
  accentLinks: false,
  favicon: { kind: 'initial' },
  styling: PLAIN_STYLING,
  feedback: false,
  header: [],
  footer: { groups: [], social: [] },
  theme: 'system',
  themeToggle: true,
  pagination: false,
  trademark: false,
  copyMarkdown: false,
  externalInNewTab: false,
};
