import type { Browser, Page } from 'playwright-core';
import { launchChromium, saveScreenshot } from './support/chromium';
import { bootReaderStack, signVisitorToken, type ReaderStack } from './support/published-sites';

/**
 * An adaptive site in a real browser (issue 11, docs/adr/0041): two visitors whose tokens carry different
 * claims see different sections; a hidden section is absent from the navigation and answers 404 by URL; an
 * unsigned claim from the URL (`visitor.<claim>`) opens a section conditioned on it.
 */

let s: ReaderStack;
let browser: Browser;
let siteUrl: string;
let key: string;
const sectionUrl: Record<string, string> = {};

const schema = {
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Whether the visitor is in the beta program.' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { plan: { type: 'string', enum: ['free', 'pro'], description: 'The plan of the visitor.' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

beforeAll(async () => {
  [s, browser] = await Promise.all([bootReaderStack(), launchChromium()]);
  const docs = await s.newSpace('Docs', [{ ref: 'start', title: 'Getting started', markdown: 'Everyone reads **this**.' }]);
  const beta = await s.newSpace('Beta program', [{ ref: 'preview', title: 'Preview features', markdown: 'Only **beta testers** read this.' }]);
  const pro = await s.newSpace('Pro features', [{ ref: 'sso', title: 'Single sign-on', markdown: 'Only **pro plans** read this.' }]);
  const site = await s.newSite('Adaptive docs', [docs.spaceId], 'public');
  await s.api('PATCH', s.sitePath(site.id), { adaptiveContent: { enabled: true } });
  await s.api('PUT', s.sitePath(site.id, '/adaptive-schema'), { jsonSchema: schema });
  const betaSection = await s.api('POST', s.sitePath(site.id, '/sections'), { spaceId: beta.spaceId, title: 'Beta' });
  await s.api('PATCH', s.sitePath(site.id, `/sections/${betaSection.id}`), { path: 'beta', condition: 'visitor.claims.isBetaUser == true' });
  const proSection = await s.api('POST', s.sitePath(site.id, '/sections'), { spaceId: pro.spaceId, title: 'Pro' });
  await s.api('PATCH', s.sitePath(site.id, `/sections/${proSection.id}`), { path: 'pro', condition: 'visitor.claims.unsigned.plan == "pro"' });
  // A header link for beta testers only (docs/adr/0087): the customization's conditions use the same claims.
  const { updatedAt: _, ...customization } = await s.api('GET', s.sitePath(site.id, '/customization'));
  const betaNews = { title: 'Beta news', to: { kind: 'url', url: 'https://example.com/beta' }, links: [], condition: 'visitor.claims.isBetaUser == true' };
  await s.api('PUT', s.sitePath(site.id, '/customization'), { ...customization, header: { ...customization.header, links: [betaNews] } });
  key = (await s.api('GET', s.sitePath(site.id, '/publishing/auth'))).privateKey;
  siteUrl = await s.publish(site.id);
  const sections = await s.api('GET', s.sitePath(site.id, '/sections'));
  for (const section of sections.items) sectionUrl[section.title] = section.urls.published;
}, 120_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

/** A visitor of their own (own cookies) who arrived with a token carrying `claims`. */
async function visitorWith(claims: Record<string, unknown>, query = ''): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.goto(`${siteUrl}?jwt_token=${await signVisitorToken(key, claims)}${query}`);
  expect(res?.status()).toBe(200);
  return page;
}
const tab = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

describe('an adaptive site in a browser', () => {
  test('When a beta tester and another visitor open the site, Then only the beta tester sees the Beta section', async () => {
    const tester = await visitorWith({ isBetaUser: true });
    const other = await visitorWith({ isBetaUser: false });
    try {
      expect(await tester.locator('strong', { hasText: 'this' }).count()).toBe(1);
      expect(await tab(tester, 'Beta').count()).toBeGreaterThan(0);
      expect(await tab(other, 'Beta').count()).toBe(0);
      expect(await tester.getByRole('link', { name: 'Beta news' }).count()).toBe(1);
      expect(await other.getByRole('link', { name: 'Beta news' }).count()).toBe(0);
      await saveScreenshot(tester, 'adaptive-beta-tester');
      await saveScreenshot(other, 'adaptive-other-visitor');

      await tab(tester, 'Beta').first().click();
      await tester.waitForLoadState('load');
      expect(await tester.locator('strong', { hasText: 'beta testers' }).count()).toBe(1);

      const refused = await other.goto(sectionUrl.Beta);
      expect(refused?.status()).toBe(404);
      expect(await other.locator('strong', { hasText: 'beta testers' }).count()).toBe(0);
    } finally {
      await Promise.all([tester.context().close(), other.context().close()]);
    }
  });

  test('When a beta tester and another visitor search the site, Then only the beta tester finds the Beta section s page (docs/adr/0090)', async () => {
    const tester = await visitorWith({ isBetaUser: true });
    const other = await visitorWith({ isBetaUser: false });
    try {
      // The content worker indexes the merge; the tester's search waits for it.
      const results = async (page: Page) => {
        await page.goto(`${siteUrl}/.search?q=testers`);
        return page.locator('.search-hits a.hit-page').allInnerTexts();
      };
      let found: string[] = [];
      for (const deadline = Date.now() + 15_000; found.length === 0 && Date.now() < deadline; ) found = await results(tester);
      expect(found).toEqual(['Preview features']);
      expect(await results(other)).toEqual([]);
      expect(await other.locator('.search-empty').count()).toBe(1);
    } finally {
      await Promise.all([tester.context().close(), other.context().close()]);
    }
  });

  test('When a visitor has no token at all, Then conditioned sections are hidden from them too', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      expect((await page.goto(siteUrl))?.status()).toBe(200);
      expect(await tab(page, 'Beta').count()).toBe(0);
      expect((await page.goto(sectionUrl.Beta))?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  test('When a visitor says visitor.plan=pro in the URL, Then the Pro section shows for them, on later pages too', async () => {
    const pro = await visitorWith({ isBetaUser: false }, '&visitor.plan=pro');
    const free = await visitorWith({ isBetaUser: false }, '&visitor.plan=free');
    try {
      expect(await tab(pro, 'Pro').count()).toBeGreaterThan(0);
      expect(await tab(free, 'Pro').count()).toBe(0);
      expect((await pro.goto(sectionUrl.Pro))?.status()).toBe(200);
      expect(await pro.locator('strong', { hasText: 'pro plans' }).count()).toBe(1);
      expect((await free.goto(sectionUrl.Pro))?.status()).toBe(404);
      await saveScreenshot(pro, 'adaptive-unsigned-pro');
    } finally {
      await Promise.all([pro.context().close(), free.context().close()]);
    }
  });
});
