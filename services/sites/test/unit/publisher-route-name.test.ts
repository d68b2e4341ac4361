import { publisherRouteName } from '../../src/publisher/route-name';

describe("the publisher's route names (metrics labels, access lines, span names)", () => {
  it.each([
    ['/acme/handbook', '/*page'],
    ['/acme/handbook/guides/setup', '/*page'],
    ['/acme/handbook/guides/setup.md', '/*page.md'],
    ['/acme/handbook/.files/space1/rev1/file1/logo.png', '/*site/.files/*file'],
    ['/acme/handbook/sitemap.xml', '/*site/sitemap.xml'],
    ['/acme/handbook/sitemap-12.xml', '/*site/sitemap-{n}.xml'],
    ['/acme/handbook/sitemap-0.xml', '/*page'],
    ['/robots.txt', '/*site/robots.txt'],
    ['/', '/*page'],
  ])('When %s is asked, Then it is named %s, never by its URL', (path, name) => {
    expect(publisherRouteName({ path })).toBe(name);
  });
});
