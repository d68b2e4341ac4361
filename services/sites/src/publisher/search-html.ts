import { escapeHtml } from '@dp/markdown-html';

/**
 * A reader's search results as HTML (docs/adr/0090): grouped by page, each with its matching sections and
 * their excerpts, the words searched for marked. Every text is escaped. Pure.
 */
export interface SearchHit {
  title: string;
  href: string;
  /** Titles of the page's ancestors, from the top. */
  ancestors: string[];
  sections: Array<{ title: string; href: string; excerpt: string }>;
}

/** The words of the query worth marking (two characters or more). */
const wordsOf = (query: string): string[] => [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2))];

/** `text` escaped, with each occurrence of a query word (any case) in `<mark>`. */
export function highlighted(text: string, query: string): string {
  const words = wordsOf(query);
  if (words.length === 0) return escapeHtml(text);
  const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
  let out = '';
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    out += `${escapeHtml(text.slice(at, match.index))}<mark>${escapeHtml(match[0])}</mark>`;
    at = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(at));
}

export function searchHitsHtml(hits: SearchHit[], query: string): string {
  if (hits.length === 0) return `<p class="search-empty">No results for “${escapeHtml(query)}”.</p>`;
  const items = hits.map((hit) => {
    const trail = hit.ancestors.length ? `<small>${hit.ancestors.map(escapeHtml).join(' / ')}</small>` : '';
    const sections = hit.sections
      .map((s) => `<li><a href="${escapeHtml(s.href)}"><span class="hit-section">${highlighted(s.title, query)}</span> <span class="hit-excerpt">${highlighted(s.excerpt, query)}</span></a></li>`)
      .join('');
    return `<li class="search-hit"><a class="hit-page" href="${escapeHtml(hit.href)}">${trail}${highlighted(hit.title, query)}</a>${sections ? `<ul>${sections}</ul>` : ''}</li>`;
  });
  return `<ul class="search-hits">${items.join('')}</ul>`;
}

/** The search form of every page's header: a GET to the results page, enhanced by the page script. */
export const searchFormHtml = (searchHref: string, query = ''): string =>
  `<form class="search" role="search" action="${escapeHtml(searchHref)}" method="get"><input type="search" name="q" value="${escapeHtml(query)}" placeholder="Search (Ctrl+K)" aria-label="Search this site" autocomplete="off" maxlength="512"></form>`;

export const SEARCH_STYLES =
  '.search{position:relative}.search input{font:inherit;width:14rem;max-width:100%;box-sizing:border-box;border:1px solid var(--border);border-radius:var(--radius);padding:.2rem .6rem;background:var(--bg);color:var(--fg)}' +
  '.search-panel{position:absolute;z-index:10;top:calc(100% + .25rem);left:0;width:min(32rem,90vw);max-height:70vh;overflow:auto;background:var(--bg);border:1px solid var(--border);border-radius:var(--radius);padding:.5rem;box-shadow:0 4px 16px rgba(0,0,0,.15)}' +
  '.search-hits{list-style:none;margin:0;padding:0}.search-hits ul{list-style:none;margin:0 0 .5rem;padding-left:1rem}.search-hit>a{display:block;font-weight:600;padding:.25rem}.search-hits small{display:block;font-weight:400;color:var(--muted)}' +
  '.search-hits ul a{display:block;padding:.2rem .25rem;font-size:.875rem;text-decoration:none;color:var(--fg)}.hit-section{font-weight:600}.hit-excerpt{color:var(--muted)}.search-hits mark{background:#fff8c5;color:#1f2328}.search-hits a:focus{outline:2px solid var(--link)}';
