import { RenderedPages } from '../../src/publisher/rendered-pages';

describe('rendered pages', () => {
  test('When a page is rendered, Then it is kept with its ETag and rendered once for concurrent readers', async () => {
    const pages = new RenderedPages(1_000_000);
    let renders = 0;
    const render = async () => ({ html: `<p>${++renders}</p>` });
    const [a, b] = await Promise.all([pages.get('k', render), pages.get('k', render)]);
    expect(a).toBe(b);
    expect(a).toMatchObject({ transient: false, etag: expect.stringMatching(/^W\/"/) });
    expect((await pages.get('k', render))?.body.toString()).toBe('<p>1</p>');
  });

  test('When a page shows live data (a spec) or a fallback of the moment, Then it is transient: kept a while, never by the front cache', async () => {
    const pages = new RenderedPages(1_000_000);
    expect((await pages.get('live', async () => ({ html: 'x', live: true })))?.transient).toBe(true);
    expect((await pages.get('deadline', async () => ({ html: 'x', fallback: 'deadline' as const })))?.transient).toBe(true);
    expect((await pages.get('limits', async () => ({ html: 'x', fallback: 'limits' as const })))?.transient).toBe(false);
    let again = false;
    await pages.get('live', async () => ((again = true), { html: 'y' }));
    expect(again).toBe(false);
  });
});
