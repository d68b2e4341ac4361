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
