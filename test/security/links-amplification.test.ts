import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

// issue 21 §7 (docs/adr/0061): each link item's `locationReferences` named every linking page, each embedding the
// page with its markdown: ten links of a space where 100 pages link the same 100 URLs weighed 5 MB. A link item
// names a bounded number of linking pages, an answer a bounded number of locations, and no location carries a
// page's document. The client checks every answer against the official schema (0.181's ContentReferenceUsage).

let stack: StackClient;
let owner: { id: string; token: string };
let spaceId: string;
let pageIds: string[];

const PAGES = 100;
const URLS = Array.from({ length: 100 }, (_, i) => `https://example.com/docs/${i}`);
/** What each page says besides its links: a body an embedded page would repeat in every location. */
const FILLER = `${'Some prose about the product. '.repeat(300)}\n\n`;

type Location = { kind: string; url?: string; page?: { id: string; markdown?: string; document?: unknown } };
type LinkList = { next?: { page: string }; count: number; items: Array<{ targetReference: Location; locationReferences: Location[] }> };

const get = (path: string) => stack.call('GET', path, { token: owner.token });
const bytes = (body: unknown) => Buffer.byteLength(JSON.stringify(body));

beforeAll(async () => {
  stack = await sharedStack();
  owner = await stack.newUser('owner');
  const orgId = (await stack.newOrg(owner.token)).id;
  spaceId = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Linked' } })).body.id;
  const cr = (await stack.call('POST', `/v1/spaces/${spaceId}/change-requests`, { token: owner.token, body: { subject: 'Pages' } })).body.id;
  const urlLinks = FILLER + URLS.map((url, i) => `[link ${i}](${url})`).join('\n\n');
  pageIds = [];
  // In batches: one request per 20 pages keeps each body well under the JSON limit. The pages after the first
  // batch also link the first page, last: 80 backlinks, and one more link target after the URLs.
  for (let batch = 0; batch < PAGES / 20; batch++) {
    const markdown = batch === 0 ? urlLinks : `${urlLinks}\n\n[first](/pages/${pageIds[0]})`;
    const changes = Array.from({ length: 20 }, (_, i) => ({ operation: 'insert_page', title: `Page ${batch * 20 + i}`, document: { markdown } }));
    const res = await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { token: owner.token, body: { changes } });
    expect(res.status).toBe(200);
    pageIds.push(...res.body.changes.map((c: { page: { id: string } }) => c.page.id));
  }
  expect((await stack.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`, { token: owner.token })).status).toBe(200);
}, 120000);

const locationsOf = (list: LinkList) => list.items.flatMap((i) => [i.targetReference, ...i.locationReferences]);

describe('links: bounded locations', () => {
  test('When 100 pages link the same 100 URLs, Then ten links weigh kilobytes, not megabytes, and carry no page body', async () => {
    const res = await get(`/v1/spaces/${spaceId}/links?limit=10`);
    expect(res.status).toBe(200);
    const list = res.body as LinkList;
    expect(list.count).toBe(URLS.length + 1);
    expect(list.items.map((i) => i.targetReference.url)).toEqual(URLS.slice(0, list.items.length));
    expect(list.items.length).toBeGreaterThan(0);
    // The first linking pages, in reading order, each a page location without its document.
    for (const item of list.items) {
      expect(item.locationReferences.length).toBeGreaterThan(0);
      expect(item.locationReferences.length).toBeLessThan(PAGES);
      expect(item.locationReferences.map((l) => l.page!.id)).toEqual(pageIds.slice(0, item.locationReferences.length));
    }
    for (const location of locationsOf(list)) {
      expect(location.page?.markdown).toBeUndefined();
      expect(location.page?.document).toBeUndefined();
    }
    // Was 10 items x 100 locations, each with a 9 KB page body and the organization and space: about 15 MB.
    expect(bytes(list)).toBeLessThan(1024 * 1024);
  });

  test('When a client asks for the most items a page allows, Then the answer still stays bounded and the rest is a next page away', async () => {
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const res = await get(`/v1/spaces/${spaceId}/links?limit=1000${next ? `&page=${next}` : ''}`);
      expect(res.status).toBe(200);
      const list = res.body as LinkList;
      expect(list.count).toBe(URLS.length + 1);
      expect(list.items.length).toBeGreaterThan(0);
      expect(bytes(list)).toBeLessThan(2 * 1024 * 1024);
      seen.push(...list.items.map((i) => i.targetReference.url ?? i.targetReference.page!.id));
      next = list.next?.page;
      pages++;
    } while (next && pages < 200);
    // Every target once, in order, over the pages.
    expect(seen).toEqual([...URLS, pageIds[0]]);
  });

  test('When one page’s links are listed, Then the same bounds hold', async () => {
    const res = await get(`/v1/spaces/${spaceId}/content/page/${pageIds[0]}/links?limit=1000`);
    expect(res.status).toBe(200);
    const list = res.body as LinkList;
    for (const location of locationsOf(list)) expect(location.page?.markdown).toBeUndefined();
    expect(bytes(list)).toBeLessThan(2 * 1024 * 1024);
  });

  test('When a page’s backlinks are listed, Then its linking pages come without their bodies', async () => {
    const res = await get(`/v1/spaces/${spaceId}/content/page/${pageIds[0]}/backlinks?limit=1000`);
    expect(res.status).toBe(200);
    const locations = res.body.items as Location[];
    expect(locations.map((l) => l.page!.id)).toEqual(pageIds.slice(20));
    for (const location of locations) expect(location.page?.markdown).toBeUndefined();
    // Was 80 locations with a 9 KB page body each.
    expect(bytes(res.body)).toBeLessThan(80 * 5 * 1024);
  });
});
