import type { Browser, Page } from 'playwright-core';
import type { ApiDocument } from '@dp/http';
import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';
import { launchChromium, saveScreenshot } from './support/chromium';

/**
 * The API reference as a new user finds it (docs/adr/0046): `/docs` in a real browser renders the deployment's
 * operations from `/v1/openapi.json`, with everything it loads served by the gateway itself (no CDN).
 */

let stack: StackClient;
let browser: Browser;
let page: Page;
let document: ApiDocument;
const requested: string[] = [];

beforeAll(async () => {
  [stack, browser] = await Promise.all([sharedStack(), launchChromium()]);
  document = (await (await fetch(`${stack.baseUrl}/v1/openapi.json`)).json()) as ApiDocument;
  page = await (await browser.newContext()).newPage();
  page.on('request', (request) => requested.push(request.url()));
}, 120_000);
afterAll(() => browser?.close(), 60_000);

test('When a user opens /docs, Then every tag of the document is listed, and a tag opens onto its operations with their GitBook operation ids', async () => {
  const res = await page.goto(`${stack.baseUrl}/docs`);
  expect(res?.status()).toBe(200);
  await page.locator('.opblock-tag[data-tag="spaces"]').waitFor({ timeout: 30_000 });
  const shown = await page.locator('.opblock-tag').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-tag')));
  expect(shown).toEqual(document.tags.map((t) => t.name));

  await page.locator('.opblock-tag[data-tag="spaces"]').click();
  const operation = page.locator('#operations-spaces-getSpaceById');
  await operation.waitFor();
  await expect(operation.locator('.opblock-summary-path').innerText()).resolves.toBe('/spaces/{spaceId}');
  await expect(operation.locator('.opblock-summary-description').innerText()).resolves.toBe('Get full details of a space by its ID');
  await expect(operation.locator('.opblock-summary-operation-id').innerText()).resolves.toBe('getSpaceById');

  // One of ours, under its service's tag.
  await page.locator('.opblock-tag[data-tag="identity"]').click();
  await page.locator('#operations-identity-getUserTokens').waitFor();
  await saveScreenshot(page, 'api-reference');
  expect(requested.filter((url) => !url.startsWith(stack.baseUrl))).toEqual([]);
}, 60_000);

test('When the user follows a link to an operation, Then it opens with its parameters', async () => {
  const linked = await page.context().newPage();
  await linked.goto(`${stack.baseUrl}/docs#/spaces/getSpaceById`);
  const parameters = linked.locator('#operations-spaces-getSpaceById .parameters');
  await parameters.waitFor({ timeout: 30_000 });
  await expect(parameters.innerText()).resolves.toContain('spaceId');
  await expect(parameters.innerText()).resolves.toContain('The unique id of the space');
}, 60_000);
