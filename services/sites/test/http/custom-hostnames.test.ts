import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { siteChanges } from './fixtures';

/**
 * A site's custom hostname (docs/adr/0091) on the sites app: set and removed with PATCH SITE, shown as the
 * official `hostname` and `urls.published`, and the official GET/DELETE /custom-hostnames/{hostname}.
 * Serving the site at that host: test/e2e/published-site.test.ts.
 */
const api = componentOf('sch', sitesService, { SITES_PUBLIC_URL: 'https://sites.docs.example.com', PUBLIC_URL: 'https://api.docs.example.com' });

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };
const host = () => `docs-${newId().toLowerCase()}.example.com`;

const newSite = async () => {
  const res = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Hosted' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const patch = (siteId: string, body: object, as = owner) => api.call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { as, body });

describe('a site s custom hostname', () => {
  test('When an admin sets a hostname and publishes, Then the site shows it and is published at it; null removes it', async () => {
    const siteId = await newSite();
    const hostname = host();
    const set = await patch(siteId, { hostname });
    expect(set.status).toBe(200);
    expect(set.body.hostname).toBe(hostname);
    const published = await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/publish`, { as: owner });
    expect(published.body.urls.published).toBe(`https://${hostname}`);
    const removed = await patch(siteId, { hostname: null });
    expect(removed.body.hostname).toBeUndefined();
    expect(removed.body.urls.published).toMatch(new RegExp(`/${orgId}/${siteId}$`));
    expect(await siteChanges(api, siteId)).toEqual(expect.arrayContaining([['hostname']]));
  });

  test('When a hostname is malformed or another site has it (any case), Then it is a 400 or a 409', async () => {
    const [a, b] = [await newSite(), await newSite()];
    const hostname = host();
    expect((await patch(a, { hostname })).status).toBe(200);
    // The official pattern is lower case: an upper-case hostname is malformed, not a second claim.
    expect((await patch(b, { hostname: hostname.toUpperCase() })).status).toBe(400);
    const same = await patch(b, { hostname });
    expect(same.status).toBe(409);
    expect(same.body.error.message).toBe(`body.hostname: ${hostname} is already the hostname of another site`);
    // A tenant cannot claim the platform's own hosts.
    expect((await patch(b, { hostname: 'sites.docs.example.com' })).body.error.message).toBe("body.hostname: sites.docs.example.com is this platform's own host");
    expect((await patch(b, { hostname: 'api.docs.example.com' })).status).toBe(400);
    for (const bad of ['localhost', 'example.com', 'docs..example.com', 'docs.example.com/path', '-x.example.com']) expect((await patch(b, { hostname: bad })).status).toBe(400);
  });

  test('When a member asks for the custom hostname, Then it is the official CustomHostname; a stranger gets a 404 and cannot remove it', async () => {
    const siteId = await newSite();
    const hostname = host();
    await patch(siteId, { hostname });
    const got = await api.call('GET', `/v1/custom-hostnames/${hostname.toUpperCase()}`, { as: reader });
    expect(got.status).toBe(200);
    expectOfficialSchema('CustomHostname', got.body);
    expect(got.body).toEqual({ object: 'custom-hostname', hostname, target: { type: 'site', site: siteId }, isActive: false, urls: { location: expect.stringMatching(new RegExp(`/custom-hostnames/${hostname}$`)) } });
    expect((await api.call('GET', `/v1/custom-hostnames/${hostname}`, { as: outsider })).status).toBe(404);
    expect((await api.call('DELETE', `/v1/custom-hostnames/${hostname}`, { as: outsider })).status).toBe(204);
    expect((await api.call('DELETE', `/v1/custom-hostnames/${hostname}`, { as: reader })).status).toBe(403);
    expect((await api.call('GET', `/v1/custom-hostnames/${hostname}`, { as: reader })).status).toBe(200);
  });

  test('When an admin deletes the custom hostname, Then the site no longer has it (205, then 204)', async () => {
    const siteId = await newSite();
    const hostname = host();
    await patch(siteId, { hostname });
    expect((await api.call('DELETE', `/v1/custom-hostnames/${hostname}`, { as: owner })).status).toBe(205);
    expect((await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner })).body.hostname).toBeUndefined();
    expect((await api.call('DELETE', `/v1/custom-hostnames/${hostname}`, { as: owner })).status).toBe(204);
    expect((await api.call('GET', `/v1/custom-hostnames/${hostname}`, { as: owner })).status).toBe(404);
  });
});
