import { highlighted, searchHitsHtml } from '../../src/publisher/search-html';

describe('search results as a reader sees them', () => {
  test('When excerpts and titles hold the words searched for, Then they are marked, any case, and everything else is escaped', () => {
    expect(highlighted('Install <b>Zanzibar</b> & zanzibar', 'zanzibar')).toBe('Install &lt;b&gt;<mark>Zanzibar</mark>&lt;/b&gt; &amp; <mark>zanzibar</mark>');
    expect(highlighted('a+b (c)', '(c) a+b')).toBe('a+b (c)');
    expect(highlighted('x', '')).toBe('x');
  });

  test('When there are hits, Then each page links to itself with its ancestors, each section to its anchor; none says so', () => {
    const html = searchHitsHtml([{ title: 'Guide', href: '/o/s/guide', ancestors: ['Docs'], sections: [{ title: 'Install', href: '/o/s/guide#install', excerpt: 'run zanzibar' }] }], 'zanzibar');
    expect(html).toBe('<ul class="search-hits"><li class="search-hit"><a class="hit-page" href="/o/s/guide"><small>Docs</small>Guide</a><ul><li><a href="/o/s/guide#install"><span class="hit-section">Install</span> <span class="hit-excerpt">run <mark>zanzibar</mark></span></a></li></ul></li></ul>');
    expect(searchHitsHtml([], '<x>')).toBe('<p class="search-empty">No results for “&lt;x&gt;”.</p>');
  });
});
