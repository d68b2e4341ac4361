/**
 * What search engines are told (docs/adr/0040): a `public` site is indexable and lists its pages in its
 * sitemap; every other visibility (`unlisted`, `share-link`, `visitor-auth`) answers `X-Robots-Tag: noindex`
 * on everything, disallows everything in robots.txt and has an empty sitemap. Pure.
 */
export const isIndexable = (visibility: string) => visibility === 'public';

export function robotsTxt(indexable: boolean, sitemapUrl: string): string {
  return indexable ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : 'User-agent: *\nDisallow: /\n';
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `  <url><loc>${xmlEscape(url)}</loc></url>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</urlset>\n`;
}

/** What one sitemap file may list (sitemaps.org: at most 50,000 URLs); a site with more has an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

function sitemapIndexXml(files: readonly string[]): string {
  const entries = files.map((url) => `  <sitemap><loc>${xmlEscape(url)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/**
 * A site's sitemap file: `sitemap.xml` (part absent) lists every URL, or, past `maxUrls`, is an index of
 * `sitemap-<n>.xml` files that list them `maxUrls` at a time, in order. A part that is not one of those is
 * undefined (a 404).
 */
export function sitemapFile(urls: readonly string[], fileUrl: (part: number) => string, part: number | undefined, maxUrls = SITEMAP_MAX_URLS): string | undefined {
  const parts = Math.ceil(urls.length / maxUrls);
  if (part === undefined) return parts <= 1 ? sitemapXml(urls) : sitemapIndexXml(Array.from({ length: parts }, (_, i) => fileUrl(i + 1)));
  if (parts <= 1 || part > parts) return undefined;
  return sitemapXml(urls.slice((part - 1) * maxUrls, part * maxUrls));
}
