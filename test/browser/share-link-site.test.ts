import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, saveScreenshot } from './support/chromium';
import { bootReaderStack, type ReaderStack } from './support/published-sites';

/**
 * A `share-link` site in a real browser (issue 11, docs/adr/0041): refused without a key; served with an
 * active share link's URL, then again without the parameter thanks to the site-scoped cookie; a deactivated
 * or deleted link stops working on the next request.
 */

let s: ReaderStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let siteId: string;
let siteUrl: string;

beforeAll(async () => {
  [s, browser] = await Promise.all([bootReaderStack(), launchChromium()]);
  const { spaceId } = await s.newSpace('Roadmap', [{ ref: 'plans', title: 'Plans', markdown: 'The secret **plans** for next year.' }]);
  siteId = (await s.newSite('Shared roadmap', [spaceId], 'share-link')).id;
  siteUrl = await s.publish(siteId);
}, 120_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context?.close());

const newShareLink = async (name: string): Promise<{ id: string; url: string }> => {
  const link = await s.api('POST', s.sitePath(siteId, '/share-links'), { name });
  return { id: link.id, url: link.urls.published };
};
const plansShown = async () => (await page.locator('strong', { hasText: 'plans' }).count()) > 0;

describe('a share-link site in a browser', () => {
  test('When a reader has no key, Then the site is refused and its content not shown', async () => {
    const res = await page.goto(siteUrl);
    expect(res?.status()).toBe(403);
    expect(await plansShown()).toBe(false);
    await saveScreenshot(page, 'share-link-refused');
    // Its search is behind the same key (docs/adr/0090).
    const search = await page.goto(`${siteUrl}/.search?q=plans`);
    expect(search?.status()).toBe(403);
    expect(await page.content()).not.toContain('plans');
  });

  test('When a reader opens the share link, Then the site is served, the key leaves the address bar, and it is served again without it', async () => {
    const link = await newShareLink('Partners');
    expect(link.url).toContain('?share=');
    const res = await page.goto(link.url);
    expect(res?.status()).toBe(200);
    expect(await plansShown()).toBe(true);
    expect(page.url()).not.toContain('share=');
    await saveScreenshot(page, 'share-link-served');

    const cookies = await context.cookies();
    const shareCookie = cookies.find((c) => c.name === 'site-share-key');
    expect(shareCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(new URL(siteUrl).pathname.startsWith(shareCookie!.path)).toBe(true);

    const again = await page.goto(siteUrl);
    expect(again?.status()).toBe(200);
    expect(await plansShown()).toBe(true);
    await saveScreenshot(page, 'share-link-served-by-cookie');
  });

  test('When a wrong key is given, Then the site is refused', async () => {
    const res = await page.goto(`${siteUrl}?share=not-a-key`);
    expect(res?.status()).toBe(403);
    expect(await plansShown()).toBe(false);
  });

  test('When the link is deactivated, then reactivated, then deleted, Then the reader holding its cookie is refused, served, then refused on the next request', async () => {
    const link = await newShareLink('Temporary');
    expect((await page.goto(link.url))?.status()).toBe(200);

    await s.api('PATCH', s.sitePath(siteId, `/share-links/${link.id}`), { active: false });
    expect((await page.goto(siteUrl))?.status()).toBe(403);
    expect(await plansShown()).toBe(false);

    // The refusal deleted the cookie: reactivating needs the link again.
    await s.api('PATCH', s.sitePath(siteId, `/share-links/${link.id}`), { active: true });
    expect((await page.goto(link.url))?.status()).toBe(200);
    expect((await page.goto(siteUrl))?.status()).toBe(200);

    await s.stack.call('DELETE', s.sitePath(siteId, `/share-links/${link.id}`), { token: s.owner.token });
    expect((await page.goto(siteUrl))?.status()).toBe(403);
    expect((await page.goto(link.url))?.status()).toBe(403);
  });
});
