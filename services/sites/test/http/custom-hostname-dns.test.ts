import { newId } from '@dp/db';
import { componentOf, expectOfficialSchema, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { startDnsServer, type TestDnsServer } from '../support/dns-server';

/**
 * The DNS check of a custom hostname (docs/adr/0092): the official PATCH /custom-hostnames/{hostname} asks a
 * real DNS server this file runs on 127.0.0.1, and GET shows the official status it gave.
 */
const TARGET = 'proxy.docs.example.com';
const TIMEOUT_MS = 400;
let dns: TestDnsServer;
const api = componentOf('scd', sitesService, async () => {
  dns = await startDnsServer();
  dns.records.set(TARGET, { a: ['203.0.113.7'] });
  return { SITES_PUBLIC_URL: 'https://sites.docs.example.com', CUSTOM_HOSTNAME_TARGET: TARGET, CUSTOM_HOSTNAME_DNS_SERVERS: dns.address, CUSTOM_HOSTNAME_DNS_TIMEOUT_MS: String(TIMEOUT_MS) };
});
afterAll(() => dns?.close());

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const reader: ComponentCaller = { user: newId(), roles: { [orgId]: 'read' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };
const host = () => `docs-${newId().toLowerCase()}.example.com`;

/** A published site with a fresh hostname. */
async function hostedSite(publish = true): Promise<{ siteId: string; hostname: string }> {
  const created = await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Hosted' } });
  const siteId = created.body.id as string;
  const hostname = host();
  expect((await api.call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner, body: { hostname } })).status).toBe(200);
  if (publish) expect((await api.call('POST', `/v1/orgs/${orgId}/sites/${siteId}/publish`, { as: owner })).status).toBe(200);
  return { siteId, hostname };
}
const revalidate = (hostname: string, as = owner) => api.call('PATCH', `/v1/custom-hostnames/${hostname}`, { as });
async function statusOf(hostname: string): Promise<string | undefined> {
  const got = await api.call('GET', `/v1/custom-hostnames/${hostname}`, { as: owner });
  expect(got.status).toBe(200);
  expectOfficialSchema('CustomHostname', got.body);
  return got.body.status;
}

describe('the DNS check of a custom hostname', () => {
  test('When the hostname is a CNAME of the target, Then the check passes (204) and GET shows dns_passed', async () => {
    const { hostname } = await hostedSite();
    dns.records.set(hostname, { cname: TARGET });
    expect(await statusOf(hostname)).toBeUndefined();
    expect((await revalidate(hostname)).status).toBe(204);
    expect(await statusOf(hostname)).toBe('dns_passed');
  });

  test('When the hostname is a CNAME elsewhere, has no record, or has the target s addresses at an apex, Then the status says so', async () => {
    const wrong = await hostedSite();
    dns.records.set(wrong.hostname, { cname: 'elsewhere.example.net' });
    const missing = await hostedSite();
    const apex = await hostedSite();
    dns.records.set(apex.hostname, { a: ['203.0.113.7'] });
    const strangerAddress = await hostedSite();
    dns.records.set(strangerAddress.hostname, { a: ['198.51.100.1'] });
    for (const site of [wrong, missing, apex, strangerAddress]) expect((await revalidate(site.hostname)).status).toBe(204);
    expect(await statusOf(wrong.hostname)).toBe('dns_wrong_cname');
    expect(await statusOf(missing.hostname)).toBe('dns_no_cname');
    expect(await statusOf(apex.hostname)).toBe('dns_passed');
    expect(await statusOf(strangerAddress.hostname)).toBe('dns_no_cname');
  });

  test('When a tenant s zone never answers, Then the check ends within its time limit as internal_error', async () => {
    const { hostname } = await hostedSite();
    dns.silent.add(hostname);
    const started = Date.now();
    expect((await revalidate(hostname)).status).toBe(204);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(await statusOf(hostname)).toBe('internal_error');
  });

  test('When a tenant asks for checks in a burst, Then one runs and the others are 409s, without reaching the DNS server', async () => {
    const { hostname } = await hostedSite();
    dns.records.set(hostname, { cname: TARGET });
    const before = dns.queries();
    const answers = await Promise.all(Array.from({ length: 6 }, () => revalidate(hostname)));
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409, 409, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.error.message).toBe(`Custom hostname ${hostname} was checked less than 10 seconds ago`);
    expect(dns.queries() - before).toBe(1);
  });

  test('When the hostname changes, Then the new one is unchecked and may be checked at once', async () => {
    const { siteId, hostname } = await hostedSite();
    dns.records.set(hostname, { cname: TARGET });
    expect((await revalidate(hostname)).status).toBe(204);
    const next = host();
    dns.records.set(next, { cname: 'elsewhere.example.net' });
    expect((await api.call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { as: owner, body: { hostname: next } })).status).toBe(200);
    expect(await statusOf(next)).toBeUndefined();
    expect((await revalidate(next)).status).toBe(204);
    expect(await statusOf(next)).toBe('dns_wrong_cname');
  });

  test('When the site is unpublished, or the caller may not manage it, Then it is a 409, a 403 or the 404 of a hostname nobody has', async () => {
    const { hostname } = await hostedSite(false);
    const inactive = await revalidate(hostname);
    expect(inactive.status).toBe(409);
    expect(inactive.body.error.message).toBe(`Custom hostname ${hostname} is inactive: publish its site first`);
    const active = await hostedSite();
    expect((await revalidate(active.hostname, reader)).status).toBe(403);
    expect((await revalidate(active.hostname, outsider)).status).toBe(404);
    expect((await revalidate(host())).status).toBe(404);
  });
});
