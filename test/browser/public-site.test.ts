import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eventually } from '@dp/testing';
import { seriousViolations } from './support/axe';
import { launchChromium, saveScreenshot } from './support/chromium';
import { bootReaderStack, TINY_PNG_BASE64, type ReaderStack } from './support/published-sites';

/**
 * A public site as a reader sees it in a real browser (issue 11): the navigation, a link to another page, a
 * code block, a page image, and a `<script>` in page markdown that must not run.
 */

let s: ReaderStack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let siteUrl: string;
let siteId: string;

beforeAll(async () => {
  [s, browser] = await Promise.all([bootReaderStack(), launchChromium()]);
  const file = { name: 'diagram.png', contentType: 'image/png', base64: TINY_PNG_BASE64 };
  const { spaceId, fileIds } = await s.newSpace('Handbook', [], [file]);
  const cr = await s.api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Pages' });
  await s.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/content?compat=false`, {
    changes: [
      {
        operation: 'insert_page',
        ref: 'welcome',
        title: 'Welcome',
        document: {
          markdown: [
            'Read the [setup guide](./setup.md) first.',
            '```js\nconst answer = 42;\nconsole.log(answer);\n```',
            `![Architecture diagram](/files/${fileIds[0]})`,
            '<script>window.__scriptRan = true;</script>',
            '<img src="/nope.png" onerror="window.__handlerRan = true">',
            '[click](javascript:window.__linkRan=true)',
          ].join('\n\n'),
        },
      },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: 'Install the **tools**.' } },
      {
        operation: 'insert_page',
        ref: 'blocks',
        title: 'Blocks',
        document: {
          markdown: [
            '{% hint style="warning" %}\nMind the gap.\n{% endhint %}',
            '{% tabs %}\n{% tab title="Mac" %}\nBrew it.\n{% endtab %}\n{% tab title="Windows" %}\nRun it.\n\n## Windows setup\n\nThe zanzibar installer needs an administrator.\n{% endtab %}\n{% endtabs %}',
            '{% stepper %}\n{% step %}\nUnpack.\n{% endstep %}\n{% step %}\nAssemble.\n{% endstep %}\n{% endstepper %}',
            '<details>\n<summary>Folded question</summary>\n\nThe folded answer.\n\n</details>',
            '$$\nE = mc^2\n$$',
            '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
              '<tr><td><strong>Install guide</strong></td><td>Set the tools up.</td><td><a href="./setup.md">setup.md</a></td></tr>' +
              '<tr><td><strong>Changelog</strong></td><td>What changed.</td><td></td></tr></tbody></table>',
          ].join('\n\n'),
        },
      },
    ],
  });
  await s.api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);
  const site = await s.newSite('Public handbook', [spaceId], 'public');
  // Pages ask "Was this page helpful?" (docs/adr/0093): the checks below (axe included) see it.
  const { updatedAt: _, ...customization } = await s.api('GET', s.sitePath(site.id, '/customization'));
  await s.api('PUT', s.sitePath(site.id, '/customization'), { ...customization, feedback: { enabled: true } });
  siteId = site.id;
  siteUrl = await s.publish(site.id);
}, 120_000);
afterAll(async () => {
  await browser?.close();
}, 60_000);

beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context?.close());

describe('a public site in a browser', () => {
  test('When a reader opens it, Then the navigation lists its pages and the first page shows', async () => {
    const res = await page.goto(siteUrl);
    expect(res?.status()).toBe(200);
    await expect(page.locator('nav').getByRole('link', { name: 'Setup' }).count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('nav').getByRole('link', { name: 'Welcome' }).count()).resolves.toBeGreaterThan(0);
    expect(await page.locator('h1').first().innerText()).toContain('Welcome');
    await saveScreenshot(page, 'public-site-home');
  });

  test('When the reader follows the link in the page, Then the other page opens', async () => {
    await page.goto(siteUrl);
    await page.getByRole('link', { name: 'setup guide' }).click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').first().innerText()).toContain('Setup');
    expect(await page.locator('strong', { hasText: 'tools' }).count()).toBe(1);
    expect(page.url()).toMatch(/setup/);
    await saveScreenshot(page, 'public-site-setup');
  });

  test('When a page holds GitBook blocks, Then the hint is a note, tabs and steps read in order, the expandable opens on a click and the formula is math', async () => {
    await page.goto(`${siteUrl}/blocks`);
    await expect(page.getByRole('note', { name: 'Warning' }).innerText()).resolves.toContain('Mind the gap.');
    expect(await page.locator('.tabs-block .tab-title').allInnerTexts()).toEqual(['Mac', 'Windows']);
    expect(await page.locator('ol.stepper > li').allInnerTexts()).toEqual(['Unpack.', 'Assemble.']);
    const answer = page.getByText('The folded answer.');
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('Folded question').click();
    expect(await answer.isVisible()).toBe(true);
    expect(await page.locator('math').count()).toBe(1);
    const box = await page.locator('math').boundingBox();
    expect(box && box.width > 20 && box.height > 5).toBe(true);
    await saveScreenshot(page, 'public-site-blocks');
  });

  test('When a page holds tabs, Then they are a tab list the keyboard moves through; without JavaScript they are titled sections, all shown', async () => {
    await page.goto(`${siteUrl}/blocks`);
    const tabs = page.getByRole('tablist').getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual(['Mac', 'Windows']);
    expect(await page.getByText('Brew it.').isVisible()).toBe(true);
    expect(await page.getByText('Run it.').isVisible()).toBe(false);
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Windows');
    expect(await page.getByText('Run it.').isVisible()).toBe(true);
    expect(await page.getByText('Brew it.').isVisible()).toBe(false);
    await page.keyboard.press('End');
    await page.keyboard.press('Home');
    expect(await page.getByRole('tabpanel').innerText()).toContain('Brew it.');
    await saveScreenshot(page, 'public-site-tabs');

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${siteUrl}/blocks`);
      expect(await plain.getByRole('tablist').count()).toBe(0);
      expect(await plain.getByText('Brew it.').isVisible()).toBe(true);
      expect(await plain.getByText('Run it.').isVisible()).toBe(true);
    } finally {
      await noScript.close();
    }
  });

  test('When a reader searches from the header, Then results show as they type, the keyboard reaches a section inside a tab, and opening it shows that tab; without a script the form opens the results page', async () => {
    // The content worker indexes the merge: wait until the site's search finds it.
    await eventually(async () => (await (await fetch(`${siteUrl}/.search?fragment=1&q=zanzibar`)).text()).includes('#windows-setup'), 15_000);
    await page.goto(siteUrl);
    await page.keyboard.press('Control+K');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('q');
    await page.keyboard.type('zanzibar');
    await page.locator('.search-panel a[href$="#windows-setup"]').waitFor({ timeout: 5000 });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toMatch(/\/blocks#windows-setup$/);
    expect(await seriousViolations(page)).toEqual([]);
    await saveScreenshot(page, 'public-site-search');
    await page.keyboard.press('Enter');
    // A page the stack renders for the first time, maybe while another browser file keeps its render threads busy.
    await page.waitForURL(/#windows-setup$/, { timeout: 15_000 });
    expect(await page.getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('The zanzibar installer').isVisible()).toBe(true);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await noScript.newPage();
      await plain.goto(siteUrl);
      await plain.getByRole('searchbox', { name: 'Search this site' }).fill('zanzibar');
      await plain.keyboard.press('Enter');
      await plain.waitForURL(/\.search\?q=zanzibar/, { timeout: 5000 });
      expect(await plain.getByRole('heading', { level: 1 }).innerText()).toBe('Results for “zanzibar”');
      expect(await plain.locator('mark', { hasText: 'zanzibar' }).count()).toBeGreaterThan(0);
    } finally {
      await noScript.close();
    }
    // axe-core runs as a script: the results page is checked where scripts run, light and dark, with the panel open too.
    await page.goto(`${siteUrl}/.search?q=zanzibar`);
    expect(await seriousViolations(page)).toEqual([]);
    const dark = await browser.newContext({ colorScheme: 'dark' });
    try {
      const reader = await dark.newPage();
      await reader.goto(`${siteUrl}/.search?q=zanzibar`);
      expect(await seriousViolations(reader)).toEqual([]);
      await reader.goto(siteUrl);
      await reader.getByRole('searchbox', { name: 'Search this site' }).fill('zanzibar');
      await reader.locator('.search-panel a').first().waitFor({ timeout: 5000 });
      expect(await seriousViolations(reader)).toEqual([]);
      await saveScreenshot(reader, 'public-site-search-dark');
    } finally {
      await dark.close();
    }
  });

  test('When a reader copies the page as markdown, Then the clipboard holds the page s markdown', async () => {
    const reader = await browser.newContext();
    try {
      await reader.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(siteUrl).origin });
      const tab = await reader.newPage();
      await tab.goto(`${siteUrl}/setup`);
      await tab.getByRole('button', { name: 'Copy page as markdown' }).click();
      await tab.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe('Install the **tools**.');
    } finally {
      await reader.close();
    }
  });

  test('When a reader rates a page, Then the rating is sent in the background and the reader is thanked in place', async () => {
    await page.goto(`${siteUrl}/setup`);
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Thanks for your feedback!').waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(`${siteUrl}/setup`).pathname);
    expect(await page.getByRole('button', { name: 'Yes' }).count()).toBe(0);
  });

  test('When a reader uses a phone, Then the pages hide behind a Menu button that shows them without any script, and nothing is wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${siteUrl}/blocks`);
    const sidebar = page.locator('nav.sidebar');
    expect(await sidebar.isVisible()).toBe(false);
    // The page has an outline (its tab's heading); below 1280 px it is not shown.
    expect(await page.locator('nav.outline').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByText('Menu', { exact: true }).click();
    expect(await sidebar.isVisible()).toBe(true);
    await saveScreenshot(page, 'public-site-phone-menu');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByText('Menu', { exact: true }).isVisible()).toBe(false);
    expect(await sidebar.isVisible()).toBe(true);
  });

  test('When axe-core checks the home page, a page of blocks and the 404 page, light and dark, at desktop and phone widths, Then it finds no serious or critical violation', async () => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const themed = await browser.newContext({ colorScheme });
      try {
        const reader = await themed.newPage();
        for (const width of [1280, 390]) {
          await reader.setViewportSize({ width, height: 900 });
          for (const url of [siteUrl, `${siteUrl}/blocks`, `${siteUrl}/no-such-page`]) {
            await reader.goto(url);
            for (const violation of await seriousViolations(reader)) found.push(`${colorScheme} ${width}px ${url}: ${violation}`);
          }
        }
        await saveScreenshot(reader, `public-site-404-${colorScheme}`);
      } finally {
        await themed.close();
      }
    }
    expect(found).toEqual([]);
  });

  test('When the system prefers dark, Then the page is dark; the reader\u2019s switch overrides it and is remembered', async () => {
    const background = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await browser.newContext({ colorScheme: 'dark' });
    try {
      const reader = await dark.newPage();
      await reader.goto(`${siteUrl}/blocks`);
      expect(await background(reader)).toBe('rgb(13, 17, 23)');
      await saveScreenshot(reader, 'public-site-dark');
    } finally {
      await dark.close();
    }
    await page.goto(siteUrl);
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await background(page)).toBe('rgb(13, 17, 23)');
    // Code in the dark theme: GitHub dark's keyword colour.
    expect(await page.locator('pre.shiki span', { hasText: /^const$/ }).first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(249, 117, 131)');
    await page.goto(`${siteUrl}/blocks`);
    expect(await background(page)).toBe('rgb(13, 17, 23)');
  });

  test('When a page holds GitBook cards, Then they sit side by side and a click anywhere on a card opens its target', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${siteUrl}/blocks`);
    const cards = page.locator('.cards > .card');
    expect(await cards.count()).toBe(2);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first && second && Math.abs(first.y - second.y) < 1 && second.x > first.x + first.width).toBe(true);
    await saveScreenshot(page, 'public-site-cards');
    // Only the card with a target is a link, named by its title.
    expect(await page.getByRole('link', { name: 'Install guide' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Changelog' }).count()).toBe(0);
    await cards.nth(0).click();
    await page.waitForLoadState('load');
    expect(await page.locator('h1').first().innerText()).toContain('Setup');
  });

  test('When the page has a code block and an image, Then the code is shown highlighted and the image loads', async () => {
    await page.goto(siteUrl);
    const code = page.locator('pre code').first();
    expect(await code.innerText()).toContain('const answer = 42;');
    // The keyword and the number are painted in the light theme's colours (GitHub light: red keyword, blue number).
    const colourOf = (text: string) => code.locator('span', { hasText: new RegExp(`^\\s*${text}$`) }).first().evaluate((el) => getComputedStyle(el).color);
    expect(await colourOf('const')).toBe('rgb(215, 58, 73)');
    expect(await colourOf('42')).toBe('rgb(0, 92, 197)');
    const image = page.locator('img[alt="Architecture diagram"]');
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Architecture diagram"]');
      return img?.complete && img.naturalWidth > 0;
    });
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);
    await saveScreenshot(page, 'public-site-code-and-image');
  });

  test('When page markdown holds a <script>, an event handler or a javascript: link, Then none of them runs', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(siteUrl);
    await page.waitForLoadState('load');
    const link = page.getByRole('link', { name: 'click' });
    if ((await link.count()) > 0) await link.click({ noWaitAfter: true }).catch(() => undefined);
    const ran = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return { script: w.__scriptRan, handler: w.__handlerRan, link: w.__linkRan };
    });
    expect(ran).toEqual({ script: undefined, handler: undefined, link: undefined });
    expect(await page.locator('script:not([src])', { hasText: '__scriptRan' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test('When a page that does not exist is asked for, Then the site answers its 404 page', async () => {
    const res = await page.goto(`${siteUrl.replace(/\/$/, '')}/no-such-page`);
    expect(res?.status()).toBe(404);
    await saveScreenshot(page, 'public-site-404');
  });

  test('When the site picks the bold theme, flat depth, a prominent search and a filled sidebar, Then the page is drawn so, and still fits a phone', async () => {
    const { updatedAt: _, ...customization } = await s.api('GET', s.sitePath(siteId, '/customization'));
    const look = { theme: 'bold', depth: 'flat', search: 'prominent', sidebar: { background: 'filled', list: 'default' } };
    await s.api('PUT', s.sitePath(siteId, '/customization'), { ...customization, styling: { ...customization.styling, ...look } });
    await page.setViewportSize({ width: 1280, height: 900 });
    await eventually(async () => {
      await page.goto(siteUrl);
      return (await page.locator('header').evaluate((el) => getComputedStyle(el).boxShadow)) === 'none';
    }, 5000);
    const header = await page.locator('header').evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
    // The primary colour (the product's default here) behind the page's background colour as text.
    expect(header).toEqual({ background: 'rgb(9, 105, 218)', color: 'rgb(255, 255, 255)' });
    expect(await page.locator('header .search input').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(400);
    expect(await page.locator('.sidebar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(246, 248, 250)');
    await saveScreenshot(page, 'public-site-bold-look');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await s.api('PUT', s.sitePath(siteId, '/customization'), customization);
  });
});
