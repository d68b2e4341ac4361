import { readGitbookTable } from '../../src/gitbook-table';
import { renderMarkdown } from '../../src/render';

const keep = () => undefined;
const html = (markdown: string) => renderMarkdown(markdown, keep);

// As GitBook's markdown writes cards (its own documentation's "Cards" page, trimmed).
const CARDS =
  '<table data-view="cards" data-card-size="large"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead>' +
  '<tbody><tr><td><strong>GitBook homepage</strong></td><td>Visit our <a href="https://www.gitbook.com/about">website</a>.</td><td><a href="https://www.gitbook.com/">https://www.gitbook.com/</a></td><td><a href="/files/cover1">card.svg</a></td></tr>' +
  '<tr><td><strong>Developer docs</strong></td><td>Build your own integration!</td><td></td><td></td></tr></tbody></table>';

describe("GitBook's HTML tables", () => {
  test('When GitBook cards are read, Then the view, the size and each column s role and type are known, cells as written', () => {
    expect(readGitbookTable(CARDS)).toEqual({
      view: 'cards',
      cardSize: 'large',
      columnTitleHidden: false,
      headerHidden: false,
      columns: [
        { title: '', hidden: false, type: 'text', cardTarget: false, cardCover: false, cardCoverDark: false },
        { title: '', hidden: false, type: 'text', cardTarget: false, cardCover: false, cardCoverDark: false },
        { title: '', hidden: true, type: 'content-ref', cardTarget: true, cardCover: false, cardCoverDark: false },
        { title: '', hidden: true, type: 'files', cardTarget: false, cardCover: true, cardCoverDark: false },
      ],
      rows: [
        ['<strong>GitBook homepage</strong>', 'Visit our <a href="https://www.gitbook.com/about">website</a>.', '<a href="https://www.gitbook.com/">https://www.gitbook.com/</a>', '<a href="/files/cover1">card.svg</a>'],
        ['<strong>Developer docs</strong>', 'Build your own integration!', '', ''],
      ],
    });
  });

  test('When an HTML block holds more than one table, or is no table, Then it is not read as one', () => {
    expect(readGitbookTable('<table><tr><td>a</td></tr></table><p>after</p>')).toBeUndefined();
    expect(readGitbookTable('<div><table></table></div>')).toBeUndefined();
  });

  test('When a page holds GitBook cards, Then readers see a grid of cards: cover, visible fields, and a named link over the card to its target', () => {
    expect(html(CARDS)).toBe(
      '<div class="cards cards-large">\n' +
        '<div class="card"><img class="card-cover" src="/files/cover1" alt="" /><div class="card-body"><div class="card-field"><strong>GitBook homepage</strong></div><div class="card-field">Visit our <a href="https://www.gitbook.com/about">website</a>.</div></div><a class="card-target" href="https://www.gitbook.com/" aria-label="GitBook homepage"></a></div>\n' +
        '<div class="card"><div class="card-body"><div class="card-field"><strong>Developer docs</strong></div><div class="card-field">Build your own integration!</div></div></div>\n' +
        '</div>\n',
    );
  });

  test('When a grid table has hidden columns and alignments, Then only its visible columns show, aligned', () => {
    const grid = '<table data-header-hidden><thead><tr><th align="right">Price</th><th data-hidden>Secret</th></tr></thead><tbody><tr><td>3</td><td>hidden value</td></tr></tbody></table>';
    expect(html(grid)).toBe('<table><tbody><tr><td style="text-align:right">3</td></tr></tbody></table>\n');
    expect(html(grid.replace(' data-header-hidden', ''))).toBe('<table><thead><tr><th style="text-align:right">Price</th></tr></thead><tbody><tr><td style="text-align:right">3</td></tr></tbody></table>\n');
  });

  test('When cards carry hostile targets, covers and cells, Then none of it reaches the page', () => {
    const hostile = CARDS.replace('https://www.gitbook.com/"', 'javascript:alert(1)"')
      .replace('/files/cover1', 'javascript:alert(2)')
      .replace('Build your own integration!', '<img src=x onerror=alert(3)><script>alert(4)</script><a href="javascript:alert(5)" onclick="alert(6)">x</a>');
    const out = html(hostile);
    expect(out).not.toMatch(/javascript:|onerror|onclick|<script|alert\(4\)/);
    expect(out).toContain('<a class="card-target" aria-label="GitBook homepage"></a>');
    expect(out).toContain('<img class="card-cover" alt="" />');
  });
});
