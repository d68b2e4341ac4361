import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium, driven by playwright-core (which never downloads a browser). `.ci/run` installs the
 * package when it is missing; a missing browser fails the test loudly, in CI and outside it: no silent skip.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** One headless browser per test file (launching costs about a second; a context per test is cheap). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH} (CHROMIUM_PATH to change it), which is missing${process.env.CI === 'true' ? ' in CI' : ''}: ` +
        'install Debian\'s package with "apt-get update && apt-get install -y chromium" (.ci/run does it when it is missing).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS });
}

/** Where the screenshots go: test-output/screenshots/ at the repository root (git-ignored). */
export const SCREENSHOTS_DIR = path.resolve(__dirname, '../../../test-output/screenshots');

/**
 * Saves a full-page screenshot as `<name>.jpg` under the test output folder: JPEG, as PNG's encoding took a block
 * corpus's file from 21 s to 34 s here (docs/testing.md). Headless Chromium on a loaded machine
 * now and then answers "Unable to capture screenshot" (its compositor had no frame ready): tried again twice.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.jpg`);
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path: file, fullPage: true, type: 'jpeg', quality: 80 });
      return file;
    } catch (err) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}
