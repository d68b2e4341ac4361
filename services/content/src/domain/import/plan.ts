import type { InsertPageChange } from '../revision/changes';
import { MAX_MARKDOWN_CHARS } from '../revision/changes';
import { rewriteLinks } from '../revision/markdown';
import { pageKey } from './links';

/** One page the crawl fetched and read. */
export interface CrawledPage {
  /** The page's key (see pageKey): what links to it resolve to. */
  key: string;
  title: string | undefined;
  /** Links point at absolute URLs. */
  markdown: string;
}

/** The page's title when neither `<title>` nor `<h1>` gives one: its last path segment, else the host. */
export function fallbackTitle(key: string): string {
  const url = new URL(key);
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '').replace(/\.[a-z0-9]+$/i, '');
  const words = last.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : url.hostname;
}

/**
 * The changes that create the imported pages, in crawl order at the root: each page gets the batch ref
 * `page-<n>`, and every link to another imported page becomes `./page-<n>.md` (anchor kept), which
 * applyChanges turns into `/pages/<id>`. Links elsewhere keep their absolute URL. A page too long to be
 * stored is left out.
 */
export function planImport(pages: CrawledPage[]): { changes: InsertPageChange[]; skipped: string[] } {
  const kept = pages.filter((p) => p.markdown.length <= MAX_MARKDOWN_CHARS);
  const refs = new Map(kept.map((p, i) => [p.key, `page-${i + 1}`]));
  const changes = kept.map((page): InsertPageChange => {
    const markdown = rewriteLinks(page.markdown, (href) => {
      const unescaped = href.replace(/\\([()])/g, '$1');
      const ref = refs.get(pageKey(unescaped, page.key) ?? '');
      if (!ref) return undefined;
      const anchor = unescaped.includes('#') ? unescaped.slice(unescaped.indexOf('#')) : '';
      return `./${ref}.md${anchor.length > 1 ? anchor : ''}`;
    });
    return { operation: 'insert_page', ref: refs.get(page.key)!, title: (page.title ?? fallbackTitle(page.key)).slice(0, 200), document: { markdown } };
  });
  return { changes, skipped: pages.filter((p) => p.markdown.length > MAX_MARKDOWN_CHARS).map((p) => p.key) };
}
