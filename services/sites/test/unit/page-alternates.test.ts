import { hreflangLinks } from '../../src/publisher/page-alternates';

/** A published page's hreflang links from its translations shown on the site (docs/adr/0105). */
describe('hreflang links', () => {
  const own = { language: 'en', href: 'https://docs.example.com/guide' };

  test('When the page has translations on the site, Then it links itself and each of them, sorted by language', () => {
    const links = hreflangLinks(own, [
      { language: 'fr', href: 'https://docs.example.com/fr/guide' },
      { language: 'de', href: 'https://docs.example.com/de/guide' },
    ]);
    expect(links).toEqual([
      { language: 'de', href: 'https://docs.example.com/de/guide' },
      own,
      { language: 'fr', href: 'https://docs.example.com/fr/guide' },
    ]);
  });

  test('When the page has no translation on the site, Then it has no link, not even to itself', () => {
    expect(hreflangLinks(own, [])).toEqual([]);
  });

  test("When the page's space says no language, Then only its translations are linked", () => {
    expect(hreflangLinks({ href: own.href }, [{ language: 'fr', href: 'https://docs.example.com/fr/guide' }])).toEqual([{ language: 'fr', href: 'https://docs.example.com/fr/guide' }]);
  });

  test('When two versions share a language (in any case), Then the first keeps it: the page itself, else the first in site order', () => {
    const links = hreflangLinks(own, [
      { language: 'EN', href: 'https://docs.example.com/copy/guide' },
      { language: 'pt-br', href: 'https://docs.example.com/pt/guide' },
      { language: 'pt-BR', href: 'https://docs.example.com/pt2/guide' },
    ]);
    expect(links).toEqual([own, { language: 'pt-br', href: 'https://docs.example.com/pt/guide' }]);
  });
});
