/**
 * Which links a website import follows: same origin as the start page, under its path prefix, one page per
 * path (query strings and fragments dropped, so `?page=2` or `#intro` never fetch a page twice), and no
 * links that obviously name a non-HTML asset.
 */
export interface CrawlScope {
  origin: string;
  /** Path prefix every followed page starts with; always ends with `/`. */
  prefix: string;
}

const ASSET = /\.(?:png|jpe?g|gif|svg|webp|ico|bmp|avif|css|js|mjs|json|xml|txt|pdf|zip|gz|tgz|tar|mp3|mp4|webm|ogg|wav|woff2?|ttf|otf|eot|csv|docx?|xlsx?|pptx?)$/i;

/** The page a link names, as an absolute URL without query and fragment; undefined when it is not a crawlable page. */
export function pageKey(href: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  if (ASSET.test(url.pathname)) return undefined;
  return `${url.origin}${url.pathname}`;
}

/**
 * The scope of a crawl from its start page: `/docs/` for `/docs/`, `/docs` and `/docs/index.html` (a last
 * segment with a dot names a file, whose folder is the prefix).
 */
export function crawlScope(start: string): CrawlScope {
  const url = new URL(start);
  const path = url.pathname;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const prefix = last === '' ? path : last.includes('.') ? path.slice(0, path.length - last.length) : `${path}/`;
  return { origin: url.origin, prefix };
}

/** Whether a page key (see pageKey) is inside the scope; the prefix's folder itself (`/docs` for `/docs/`) is too. */
export function inScope(key: string, scope: CrawlScope): boolean {
  const url = new URL(key);
  if (url.origin !== scope.origin) return false;
  return url.pathname.startsWith(scope.prefix) || `${url.pathname}/` === scope.prefix;
}
