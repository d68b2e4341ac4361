import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

/**
 * Share links through the gateway where they meet content: a site space's published URL carries an active link's
 * key. Share links on their own are tested on the sites app (services/sites/test/http/share-links.test.ts).
 */
let stack: StackClient;
let owner: { id: string; token: string; email: string };
let orgId: string;

beforeAll(async () => {
  stack = await sharedStack();
  owner = await stack.newUser('share-owner');
  orgId = (await stack.newOrg(owner.token)).id;
}, 60_000);

const sites = (org = orgId) => `/v1/orgs/${org}/sites`;
const links = (siteId: string, org = orgId) => `${sites(org)}/${siteId}/share-links`;
const newSite = async (body: object) => {
  const res = await stack.call('POST', sites(), { token: owner.token, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; urls: { location: string } };
};
const newLink = async (siteId: string, name = 'Reviewers') => {
  const res = await stack.call('POST', links(siteId), { token: owner.token, body: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; active: boolean; createdAt: string; urls: { published: string } };
};

describe('share links and site spaces through the gateway', () => {
  test('When site spaces are listed with the key of an active share link, Then their published URLs carry it; a wrong or deactivated key adds nothing', async () => {
    const space = (await stack.call('POST', `/v1/orgs/${orgId}/spaces`, { token: owner.token, body: { title: 'Keyed' } })).body;
    const site = await newSite({ title: 'Keyed docs', visibility: 'share-link', spaces: [space.id] });
    expect((await stack.call('POST', `${sites()}/${site.id}/publish`, { token: owner.token })).status).toBe(200);
    const link = await newLink(site.id);
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const siteSpaces = (shareKey?: string) =>
      stack.call('GET', `${sites()}/${site.id}/site-spaces${shareKey ? `?shareKey=${encodeURIComponent(shareKey)}` : ''}`, { token: owner.token });

    const plain = (await siteSpaces()).body.items[0].urls.published as string;
    expect(new URL(plain).searchParams.get('share')).toBeNull();
    const keyed = await siteSpaces(key);
    expect(keyed.status).toBe(200);
    expect(keyed.body.items[0].urls.published).toBe(`${plain}?share=${key}`);
    expect((await siteSpaces('wrong-key')).body.items[0].urls.published).toBe(plain);
    expect((await stack.call('PATCH', `${links(site.id)}/${link.id}`, { token: owner.token, body: { active: false } })).status).toBe(200);
    expect((await siteSpaces(key)).body.items[0].urls.published).toBe(plain);
  });
});
