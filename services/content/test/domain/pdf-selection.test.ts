import { exportBytes, pdfPages, printable } from '../../src/domain/pdf-selection';
import { pdfHtml } from '../../src/pdf/pdf-html';
import type { PageNode } from '../../src/domain/revision/types';

const page = (id: string, parent: string | null, type: PageNode['type'] = 'document'): PageNode => ({
  id, parent, type, title: `Title ${id}`, slug: id, hidden: false, noIndex: false, noRobotsIndex: false, documentHash: null, createdAt: '', updatedAt: '',
});
// a (b (c), d), e: in the order the revision keeps them.
const pages = [page('a', null), page('b', 'a'), page('c', 'b'), page('d', 'a'), page('e', null)];

describe('PDF selection', () => {
  test('When no page is named, Then every page comes, in reading order', () => {
    expect(pdfPages(pages, {})!.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('When a page is named, Then it comes with its subpages, or alone with only; an unknown page is undefined', () => {
    expect(pdfPages(pages, { page: 'b' })!.map((p) => p.id)).toEqual(['b', 'c']);
    expect(pdfPages(pages, { page: 'a' })!.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(pdfPages(pages, { page: 'a', only: true })!.map((p) => p.id)).toEqual(['a']);
    expect(pdfPages(pages, { page: 'zz' })).toBeUndefined();
  });

  test('When pages are printed, Then only documents have a body (groups print no page of their own)', () => {
    expect(printable([page('g', null, 'group'), page('x', 'g')]).map((p) => p.id)).toEqual(['x']);
  });

  test('When the size of an export is counted, Then each printed page counts its document, a document shown twice twice, groups and empty pages nothing', () => {
    const withDoc = (id: string, hash: string | null, type: PageNode['type'] = 'document') => ({ ...page(id, null, type), documentHash: hash });
    const sizes = new Map([['h1', 1000], ['h2', 30]]);
    expect(exportBytes([withDoc('a', 'h1'), withDoc('b', 'h1'), withDoc('c', 'h2'), withDoc('d', null), withDoc('g', 'h2', 'group')], sizes)).toBe(2030);
    expect(exportBytes([], sizes)).toBe(0);
  });
});

describe('PDF document', () => {
  test('When the HTML is made, Then the title page lists the pages and each page is a section, titles escaped', () => {
    const html = pdfHtml({ title: 'A <b>bold</b> manual', subtitle: 'Live content', sections: [{ id: 'p1', title: 'One & two', showTitle: true, html: '<p>Body</p>' }, { id: 'p2', title: 'Own title', showTitle: false, html: '<h1>Own title</h1>' }] });
    expect(html).toContain('<title>A &#60;b&#62;bold&#60;/b&#62; manual</title>');
    expect(html).toContain('<li><a href="#page-p1">One &#38; two</a></li>');
    expect(html).toContain('<section class="page" id="page-p1"><h1>One &#38; two</h1><p>Body</p></section>');
    expect(html).toContain('<section class="page" id="page-p2"><h1>Own title</h1></section>');
  });
});
