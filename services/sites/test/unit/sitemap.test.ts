import { SITEMAP_MAX_URLS, sitemapFile } from '../../src/publisher/indexing';
import { sitemapPartFile, sitemapPartOf } from '../../src/publisher/site-urls';
import { SitemapFiles } from '../../src/publisher/sitemap-files';

/** A sitemap file lists at most the protocol's 50,000 URLs; a longer sitemap is an index of files (sitemaps.org). */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
const urls = Array.from({ length: 5 }, (_, i) => `https://docs.example.com/p${i}`);
const fileUrl = (part: number) => `https://docs.example.com/${sitemapPartFile(part)}`;

describe('sitemap files', () => {
  test('When the URLs fit in one file, Then sitemap.xml lists them all and there are no parts', () => {
    const xml = sitemapFile(urls, fileUrl, undefined, 5)!;
    expect(xml).toContain('<urlset');
    expect(locs(xml)).toEqual(urls);
    expect(sitemapFile(urls, fileUrl, 1, 5)).toBeUndefined();
  });

  test('When there are more URLs than a file holds, Then sitemap.xml is an index of parts that list them in order, and a part past them is none', () => {
    const index = sitemapFile(urls, fileUrl, undefined, 2)!;
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([fileUrl(1), fileUrl(2), fileUrl(3)]);
    const parts = [1, 2, 3].map((part) => sitemapFile(urls, fileUrl, part, 2)!);
    expect(parts.map((xml) => locs(xml).length)).toEqual([2, 2, 1]);
    expect(parts.flatMap(locs)).toEqual(urls);
    expect(sitemapFile(urls, fileUrl, 4, 2)).toBeUndefined();
  });

  test('When no bound is given, Then it is the protocol s 50,000', () => {
    const many = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => `https://d.example.com/${i}`);
    expect(locs(sitemapFile(many, fileUrl, undefined)!)).toEqual([fileUrl(1), fileUrl(2)]);
    expect(locs(sitemapFile(many, fileUrl, 2)!)).toEqual([`https://d.example.com/${SITEMAP_MAX_URLS}`]);
  });

  test.each([
    ['sitemap-1.xml', 1],
    ['sitemap-42.xml', 42],
    ['sitemap-0.xml', undefined],
    ['sitemap-01.xml', undefined],
    ['sitemap.xml', undefined],
    ['sitemap-1.xml.gz', undefined],
    [undefined, undefined],
  ])('When a segment is %s, Then the part it names is %s', (segment, part) => {
    expect(sitemapPartOf(segment)).toBe(part);
  });
});

describe('kept sitemap files', () => {
  test('When a file is asked again by the same key, Then it is the kept one; a file that is none is not kept; the oldest go past the bound', async () => {
    const files = new SitemapFiles(4096);
    let made = 0;
    const make = async () => `<urlset>${++made}</urlset>`;
    expect(await files.get('a', make)).toBe('<urlset>1</urlset>');
    expect(await files.get('a', make)).toBe('<urlset>1</urlset>');
    expect(await files.get('b', make)).toBe('<urlset>2</urlset>');
    expect(await files.get('none', async () => undefined)).toBeUndefined();
    expect(await files.get('none', make)).toBe('<urlset>3</urlset>');
    for (let i = 0; i < 10; i++) await files.get(`big${i}`, async () => 'x'.repeat(500));
    expect(await files.get('a', make)).toBe('<urlset>4</urlset>');
  });
});
