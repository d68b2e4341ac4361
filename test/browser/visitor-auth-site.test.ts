import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, saveScreenshot } from './support/chromium';
import { bootReaderStack, signVisitorToken, type ReaderStack } from './support/published-sites';

/**
 * A `visitor-auth` site in a real browser (issue 11, docs/adr/0041): a valid token lets the reader in and
 * stays in an HttpOnly cookie; an expired token, a token signed with another key, no token at all, and a
 * token of a key since regenerated send the reader to the fallback URL (401 where none is set).
 */

let s: ReaderStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let login: http.Server;
let fallbackURL: string;
/** A site with a fallback URL, and one without. */
const sites = { withFallback: { id: '', url: '', key: '' }, without: { id: '', url: '', key: '' } };

beforeAll(async () => {
  // The site's own login page, where refused visitors are sent.
  login = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Please sign in</h1>'));
  await new Promise<void>((resolve) => login.listen(0, '127.0.0.1', resolve));
  fallbackURL = `http://127.0.0.1:${(login.address() as AddressInfo).port}/login`;

  [s, browser] = await Promise.all([bootReaderStack(), launchChromium()]);
  const { spaceId } = await s.newSpace('Customer docs', [{ ref: 'api', title: 'API keys', markdown: 'Your **API keys** live here.' }]);
  for (const [name, fallback] of [['withFallback', fallbackURL], ['without', null]] as const) {
    const site = await s.newSite(`Customers ${name}`, [spaceId], 'visitor-auth');
    const auth = await s.api('PATCH', s.sitePath(site.id, '/publishing/auth'), { backend: 'custom', fallbackURL: fallback });
    sites[name] = { id: site.id, url: await s.publish(site.id), key: auth.privateKey };
  }
}, 120_000);
afterAll(async () => {
  await browser?.close();
  login?.close();
}, 60_000);

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context?.close());

const withToken = (url: string, token: string) => `${url}${url.includes('?') ? '&' : '?'}jwt_token=${encodeURIComponent(token)}`;
const contentShown = async () => (await page.locator('strong', { hasText: 'API keys' }).count()) > 0;

describe('a visitor-auth site in a browser', () => {
  test('When a reader comes with a valid token, Then the site is served, the token leaves the URL, and an HttpOnly cookie keeps them in', async () => {
    const { url, key } = sites.withFallback;
    const res = await page.goto(withToken(url, await signVisitorToken(key, { sub: 'reader-1' })));
    expect(res?.status()).toBe(200);
    expect(await contentShown()).toBe(true);
    expect(page.url()).not.toContain('jwt_token');
    await saveScreenshot(page, 'visitor-auth-valid-token');

    const cookie = (await context.cookies()).find((c) => c.name === 'gitbook-visitor-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false });
    expect(new URL(url).pathname.startsWith(cookie!.path)).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('gitbook-visitor-token');

    expect((await page.goto(url))?.status()).toBe(200);
    expect(await contentShown()).toBe(true);
  });

  test.each([
    ['an expired token', (key: string) => signVisitorToken(key, { sub: 'late' }, -120)],
    ['a token signed with another key', () => signVisitorToken('another-key-entirely-0123456789abcdefghij', { sub: 'forger' })],
    ['no token', async () => undefined],
  ])('When a reader comes with %s, Then they are sent to the fallback URL, or get a 401 where none is set', async (name, makeToken) => {
    for (const site of [sites.withFallback, sites.without]) {
      const token = await makeToken(site.key);
      const res = await page.goto(token ? withToken(site.url, token) : site.url);
      expect(await contentShown()).toBe(false);
      if (site === sites.withFallback) {
        expect(page.url()).toBe(fallbackURL);
        expect(await page.locator('h1').innerText()).toBe('Please sign in');
      } else {
        expect(res?.status()).toBe(401);
      }
      await saveScreenshot(page, `visitor-auth-${name}-${site === sites.withFallback ? 'fallback' : '401'}`);
    }
  });

  test('When the site key is regenerated, Then a reader already in is logged out on the next page', async () => {
    const { id, url, key } = sites.without;
    expect((await page.goto(withToken(url, await signVisitorToken(key, { sub: 'reader-2' }))))?.status()).toBe(200);
    expect((await page.goto(url))?.status()).toBe(200);

    const regenerated = await s.api('POST', s.sitePath(id, '/publishing/auth/regenerate'));
    expect((await page.goto(url))?.status()).toBe(401);
    expect(await contentShown()).toBe(false);

    // A token of the new key lets them in again.
    expect((await page.goto(withToken(url, await signVisitorToken(regenerated.privateKey, { sub: 'reader-2' }))))?.status()).toBe(200);
    sites.without.key = regenerated.privateKey;
  });
});
