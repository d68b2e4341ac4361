import { emojiCharacters, escapeHtml } from '@dp/markdown-html';
import type { Branding, HeaderItemView, LinkView } from './branding';
import type { FontView } from './branding-styling';

/**
 * The parts of a published page drawn from the site's customization (docs/adr/0087): the favicon and social
 * preview in the head, the site's colours and corners as custom properties, the logo, header links, the
 * announcement banner and the footer. Every value is escaped; URLs were kept only when http(s) (branding.ts). Pure.
 */
const attr = (value: string) => escapeHtml(value);

/** A favicon of the site's initial or emoji, as an inline SVG (the page's CSP allows `data:` images). */
function svgIcon(content: string, tile: boolean): string {
  const shape = tile ? '<rect width="32" height="32" rx="7" fill="#0969da"/>' : '';
  const colour = tile ? ' fill="#fff"' : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${shape}<text x="16" y="${tile ? 22 : 25}" font-size="${tile ? 18 : 26}" font-family="system-ui,sans-serif" text-anchor="middle"${colour}>${escapeHtml(content)}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function headHtml(branding: Branding): string {
  const icon = branding.favicon;
  const icons =
    icon.kind === 'icon'
      ? `<link rel="icon" href="${attr(icon.light)}" media="(prefers-color-scheme: light)"><link rel="icon" href="${attr(icon.dark)}" media="(prefers-color-scheme: dark)">`
      : `<link rel="icon" href="${attr(icon.kind === 'emoji' ? svgIcon(emojiCharacters(icon.emoji), false) : svgIcon([...branding.title.trim()][0]?.toUpperCase() ?? 'D', true))}">`;
  const preview = branding.socialPreview ? `<meta property="og:image" content="${attr(branding.socialPreview)}">` : '';
  return `${icons}<meta property="og:title" content="${attr(branding.title)}">${preview}`;
}

const RADIUS = { straight: '0', rounded: '.4rem', circular: '1rem' } as const;

/** The page's own background and surface colours, that a tint leans (light, dark). */
const BASE = { bg: { light: '#fff', dark: '#0d1117' }, surface: { light: '#f6f8fa', dark: '#151b23' } } as const;

/** The custom properties of one theme from the site's colours (all checked as `#hex` in branding.ts). */
function themeVars(branding: Branding, mode: 'light' | 'dark'): string[] {
  const { styling } = branding;
  const vars = branding.primary ? [`--link:${branding.primary[mode]}`] : [];
  for (const [name, color] of Object.entries(styling.semantic)) vars.push(`--${name}:${color[mode]}`);
  if (styling.tint) {
    const tint = styling.tint[mode];
    vars.push(`--bg:color-mix(in srgb,${tint} ${mode === 'light' ? 4 : 6}%,${BASE.bg[mode]})`, `--surface:color-mix(in srgb,${tint} ${mode === 'light' ? 10 : 14}%,${BASE.surface[mode]})`);
  }
  return vars;
}

function fontRules(font: FontView | undefined, selector: string, fallback: string): string {
  if (!font) return '';
  const faces = font.faces.map((face) => {
    const src = face.sources.map((s) => `url("${s.url}")${s.format ? ` format("${s.format}")` : ''}`).join(',');
    return `@font-face{font-family:"${font.family}";font-weight:${face.weight};font-display:swap;src:${src}}`;
  });
  return `${faces.join('')}${selector}{font-family:"${font.family}",${fallback}}`;
}

const SIDEBAR_LIST = {
  default: '',
  pill: '.sidebar [aria-current=page]{display:inline-block;background:var(--surface);border-radius:1rem;padding:0 .6rem}',
  line: '.sidebar nav>ul{border-left:1px solid var(--border)}.sidebar li{padding-left:.6rem}.sidebar li:has(>[aria-current=page]){border-left:2px solid var(--link);margin-left:-1px}',
} as const;

/**
 * The official themes over the page's own look, which is `clean` (plain surfaces, hairline borders): `muted` sets the
 * header and sidebar on the surface colour, `bold` paints the header in the primary colour, `gradient` washes the
 * header and the top of the page with it. Colours come from the custom properties, so light and dark both follow.
 */
const THEME = {
  clean: '',
  muted: 'header,.sidebar{background:var(--surface)}article h1,article h2,article h3{color:var(--nav)}',
  bold: 'header{background:var(--link);border-bottom-color:var(--link)}header,header a,header summary{color:var(--bg)}header .search input{border-color:var(--bg)}',
  gradient:
    'header{background:linear-gradient(90deg,color-mix(in srgb,var(--link) 22%,var(--bg)),var(--bg))}' +
    'body{background-image:radial-gradient(ellipse 80rem 24rem at 20% 0,color-mix(in srgb,var(--link) 10%,transparent),transparent);background-repeat:no-repeat}',
} as const;
/** The page's own depth is `subtle` (the header, page cards and search panel slightly lifted); `flat` lifts nothing. */
const FLAT = 'header,.pagination a,.search-panel{box-shadow:none}';
/** `prominent`: a wide search box in the middle of the header; `subtle` keeps it small. */
const SEARCH = {
  subtle: '',
  prominent: 'header .search{flex:1 1 18rem;display:flex;justify-content:center}header .search input{width:min(36rem,100%);padding:.4rem .8rem}',
} as const;
const SIDEBAR_BACKGROUND = { default: '', filled: '.sidebar{background:var(--surface)}' } as const;

/** The site's colours, corners, fonts, look and sidebar style over the page's palette. */
export function brandingStyle(branding: Branding): string {
  const light = themeVars(branding, 'light');
  const rules = [`:root{--radius:${RADIUS[branding.corners]}${light.map((v) => `;${v}`).join('')}}`];
  const dark = themeVars(branding, 'dark').join(';');
  if (dark) rules.push(`@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${dark}}}:root[data-theme=dark]{${dark}}`);
  if (branding.accentLinks) rules.push('article a{color:inherit;text-decoration-color:var(--link)}');
  const { styling } = branding;
  rules.push(
    fontRules(styling.font, 'body', 'system-ui,sans-serif'),
    fontRules(styling.headingFont, 'h1,h2,h3', 'system-ui,sans-serif'),
    fontRules(styling.monospaceFont, 'code,pre,kbd', 'ui-monospace,monospace'),
    SIDEBAR_LIST[styling.sidebarList],
    SIDEBAR_BACKGROUND[styling.sidebarBackground],
    THEME[styling.theme],
    styling.depth === 'flat' ? FLAT : '',
    SEARCH[styling.search],
  );
  return rules.join('');
}

/** Attributes of the root element: a default theme other than the system's, and whether readers may switch it. */
export function rootAttributes(branding: Branding): string {
  return `${branding.theme === 'system' ? '' : ` data-theme="${branding.theme}"`}${branding.themeToggle ? '' : ' data-theme-toggle="off"'}`;
}

function themedImg(image: { light: string; dark: string }, alt: string, cls: string): string {
  if (image.light === image.dark) return `<img class="${cls}" src="${attr(image.light)}" alt="${attr(alt)}">`;
  return `<img class="${cls} only-light" src="${attr(image.light)}" alt="${attr(alt)}"><img class="${cls} only-dark" src="${attr(image.dark)}" alt="${attr(alt)}">`;
}

/** The site's name in the header: its logo (named by the title for screen readers) or its title. */
export const siteNameHtml = (branding: Branding): string => (branding.logo ? themedImg(branding.logo, branding.title, 'logo') : escapeHtml(branding.title));

/** External links open in a new tab when the site says so (never with a handle on this page). */
const external = (href: string, branding: Branding) => (branding.externalInNewTab && /^https?:/i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '');
const linkHtml = (link: LinkView, branding: Branding, cls = '') => `<a href="${attr(link.href)}"${cls ? ` class="${cls}"` : ''}${external(link.href, branding)}>${escapeHtml(link.title)}</a>`;

function headerItemHtml(item: HeaderItemView, branding: Branding): string {
  const cls = item.style === 'link' ? 'header-link' : `header-link ${item.style}`;
  if (item.links.length === 0 && item.href) return `<li>${linkHtml({ title: item.title, href: item.href }, branding, cls)}</li>`;
  const own = item.href ? `<li>${linkHtml({ title: item.title, href: item.href }, branding)}</li>` : '';
  return `<li class="tab-group"><details><summary class="${cls}">${escapeHtml(item.title)}</summary><ul>${own}${item.links.map((l) => `<li>${linkHtml(l, branding)}</li>`).join('')}</ul></details></li>`;
}

export function headerLinksHtml(branding: Branding): string {
  if (branding.header.length === 0) return '';
  return `<nav class="header-links" aria-label="Site links"><ul>${branding.header.map((item) => headerItemHtml(item, branding)).join('')}</ul></nav>`;
}

export function announcementHtml(branding: Branding): string {
  const a = branding.announcement;
  if (!a) return '';
  return `<div class="announcement announcement-${a.style}" role="note">${escapeHtml(a.message)}${a.link ? ` ${linkHtml(a.link, branding)}` : ''}</div>`;
}

export function footerHtml(branding: Branding): string {
  const { footer } = branding;
  const groups = footer.groups.map((g) => `<div class="footer-group"><p>${escapeHtml(g.title)}</p><ul>${g.links.map((l) => `<li>${linkHtml(l, branding)}</li>`).join('')}</ul></div>`).join('');
  const social = footer.social.length ? `<ul class="social">${footer.social.map((l) => `<li>${linkHtml(l, branding)}</li>`).join('')}</ul>` : '';
  const fine = [
    footer.copyright ? `<span>${escapeHtml(footer.copyright)}</span>` : '',
    footer.privacyPolicy ? linkHtml({ title: 'Privacy policy', href: footer.privacyPolicy }, branding) : '',
    branding.trademark ? '<span class="trademark">Powered by Docs Platform</span>' : '',
  ].filter(Boolean);
  if (!groups && !social && fine.length === 0 && !footer.logo) return '';
  const logo = footer.logo ? themedImg(footer.logo, branding.title, 'footer-logo') : '';
  return `<footer class="site-footer">${logo}${groups ? `<nav class="footer-groups" aria-label="Footer">${groups}</nav>` : ''}${social}${fine.length ? `<p class="fine">${fine.join(' · ')}</p>` : ''}</footer>`;
}

/** Styles of these parts (static: the site's values come in brandingStyle's custom properties). */
export const BRANDING_STYLES =
  '.logo{height:2rem;width:auto;vertical-align:middle}.footer-logo{height:1.5rem;width:auto}' +
  '.header-links ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:center}.header-links .tab-group ul{display:block}' +
  '.header-link.button-primary,.header-link.button-secondary{border:1px solid var(--link);border-radius:var(--radius);padding:.15rem .75rem;text-decoration:none}.header-link.button-primary{background:var(--link);color:var(--bg)}' +
  '.announcement{padding:.5rem 1.5rem;border-bottom:1px solid var(--border);background:var(--surface)}.announcement-warning{border-left:4px solid var(--warning,#bf8700)}.announcement-danger{border-left:4px solid var(--danger,#cf222e)}.announcement-success{border-left:4px solid var(--success,#1a7f37)}.announcement-info{border-left:4px solid var(--info,var(--link))}' +
  '.site-footer{border-top:1px solid var(--border);padding:1.5rem;font-size:.875rem;color:var(--muted)}.footer-groups{display:flex;flex-wrap:wrap;gap:1rem 3rem}.footer-group p{font-weight:600;color:var(--fg);margin:0 0 .25rem}.site-footer ul{list-style:none;margin:0;padding:0}' +
  '.social{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin-top:1rem!important}.fine{margin:1rem 0 0}' +
  '.only-dark{display:none}:root[data-theme=dark] .only-dark{display:inline}:root[data-theme=dark] .only-light{display:none}' +
  '@media (prefers-color-scheme:dark){:root:not([data-theme=light]) .only-dark{display:inline}:root:not([data-theme=light]) .only-light{display:none}}';
