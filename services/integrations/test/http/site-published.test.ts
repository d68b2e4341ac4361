import { randomBytes } from 'node:crypto';
import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { createEvent, IdentityEvents, SitesEvents, type CloudEvent } from '@dp/events';
import { componentOf, eventually, expectOfficialSchema } from '@dp/testing';
import { integrationsService } from '../../src';

/**
 * sites.site.published, fed to the integrations service's handler as its worker's consumer does (with its inbox
 * row): one `site_published` integration event per installation on the site's organization, delivered by the
 * service's own job and readable through the events endpoints; the same event handled again adds nothing
 * (inbox). Component level (docs/testing.md); the flow from the sites service over the bus is
 * test/e2e/site-published-flow.test.ts.
 */
const api = componentOf('ints', integrationsService, { INTEGRATIONS_SECRETS_KEY: randomBytes(32).toString('base64') });

/** A user and their roles per organization, as the gateway asserts them. */
type User = { user: string; roles: Record<string, Role> };
/** A user who creates an organization (its admin), announced to integrations as identity does. */
const newUserWithOrg = async (title: string): Promise<{ user: User; orgId: string }> => {
  const organizationId = newId();
  const user: User = { user: newId(), roles: { [organizationId]: 'admin' } };
  await api.handle(createEvent(IdentityEvents.ORGANIZATION_CREATED, { organizationId, title, createdBy: user.user }, { source: 'identity', subject: organizationId }));
  return { user, orgId: organizationId };
};

let owner: User;
let ownerOrg: string;
let other: User;
let otherOrg: string;
let analytics: string;
let chat: string;
const installs: Record<string, string> = {};
let n = 0;

const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
const manifest = (organization: string) => ({
  organization,
  title: 'Site hook',
  description: 'Hears of sites',
  script: 'export default { async fetch() { return new Response("ok"); } }',
  scopes: ['site:metadata:read'],
  visibility: 'public',
});
const events = async (as: User, name: string) => {
  const res = await api.call('GET', `/v1/integrations/${name}/events?limit=1000`, { as });
  expect(res.status).toBe(200);
  return res.body.items as Array<{ id: string; installationId: string; status: string; payload: Record<string, unknown> }>;
};
const sitePublished = <E extends { payload: Record<string, unknown> }>(events: E[]) => events.filter((e) => e.payload.type === 'site_published');

function sitePublishedEvent(organizationId: string, siteId: string) {
  return createEvent(
    SitesEvents.SITE_PUBLISHED,
    { siteId, organizationId, title: 'Docs', visibility: 'public', siteSpaces: ['space-1'], publishedBy: 'user-1' },
    { source: '/sites', subject: siteId },
  );
}

/** Handles `event` as the integrations worker's consumer does: in one transaction with its inbox row. */
const deliver = (event: CloudEvent): Promise<void> => api.handle(event);
/** Runs the service's delivery job, as its worker's timer would, until `done` holds. */
const deliveredWhen = <T>(done: () => Promise<T | undefined | false>) =>
  eventually(async () => {
    await api.runJobs();
    return done();
  }, 15_000);

beforeAll(async () => {
  ({ user: owner, orgId: ownerOrg } = await newUserWithOrg('Site Owner Org'));
  ({ user: other, orgId: otherOrg } = await newUserWithOrg('Other Site Org'));

  analytics = uniqueName('analytics');
  chat = uniqueName('chat');
  for (const name of [analytics, chat]) expect((await api.call('POST', `/v1/integrations/${name}`, { as: owner, body: manifest(ownerOrg) })).status).toBe(200);
  const installOn = async (as: User, name: string, org: string) => {
    const res = await api.call('POST', `/v1/integrations/${name}/installations`, { as, body: { organization: org } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  installs.analyticsOwner = await installOn(owner, analytics, ownerOrg);
  installs.chatOwner = await installOn(owner, chat, ownerOrg);
  installs.analyticsOther = await installOn(other, analytics, otherOrg);
});

describe('sites.site.published becomes integration events', () => {
  let event: CloudEvent;

  test('When a site of an organization is published, Then each installation on that organization gets one site_published event, and none elsewhere', async () => {
    event = sitePublishedEvent(ownerOrg, 'site-abc');
    await deliver(event);

    // Recorded, then delivered to each integration's script by the delivery job.
    const [ofAnalytics, ofChat] = await deliveredWhen(async () => {
      const a = sitePublished(await events(owner, analytics));
      const c = sitePublished(await events(owner, chat));
      return a.length >= 1 && c.length >= 1 && [...a, ...c].every((e) => e.status === 'success') && [a, c];
    });
    expect(ofAnalytics).toHaveLength(1);
    expect(ofChat).toHaveLength(1);
    expect(ofAnalytics[0]).toMatchObject({ installationId: installs.analyticsOwner, status: 'success' });
    expect(ofChat[0]).toMatchObject({ installationId: installs.chatOwner, status: 'success' });
    for (const [e, installation] of [
      [ofAnalytics[0], installs.analyticsOwner],
      [ofChat[0], installs.chatOwner],
    ] as const) {
      expect(e.payload).toEqual({ eventId: event.id, type: 'site_published', installationId: installation, siteId: 'site-abc' });
      // The official Event union has no published-site kind: the payload is an official SiteEvent, checked as
      // our declared extension of the union (EXTENSIONS in @dp/testing's contract).
      expectOfficialSchema('SiteEvent', e.payload);
      expectOfficialSchema('IntegrationEvent', e);
    }
    // The installation on the other organization heard nothing of it.
    const analyticsEvents = await events(owner, analytics);
    expect(sitePublished(analyticsEvents).map((e) => e.installationId)).toEqual([installs.analyticsOwner]);
  });

  test('When the event is read alone, Then its trace says where it came from', async () => {
    const [recorded] = sitePublished(await events(owner, analytics));
    const res = await api.call('GET', `/v1/integrations/${analytics}/events/${recorded.id}`, { as: owner });
    expect(res.status).toBe(200);
    expect(res.body.event).toEqual(recorded);
    expectOfficialSchema('IntegrationEventTrace', res.body.trace);
    expect(res.body.trace.logs).toEqual([
      { message: 'recorded from sites.site.published', timestamp: expect.any(String), level: 'info' },
      { message: expect.stringMatching(/^attempt 1 to the script: HTTP 200 in \d+ ms; delivered$/), timestamp: expect.any(String), level: 'info' },
    ]);
  });

  test('When the same event (same id) is delivered again, Then no event is added', async () => {
    expect(event).toBeDefined();
    await deliver(event);
    // A later, different event is delivered after it on the same queue: once it is handled, the duplicate has been too.
    const marker = sitePublishedEvent(otherOrg, 'site-marker');
    await deliver(marker);
    await deliveredWhen(async () => sitePublished(await events(owner, analytics)).some((e) => e.payload.eventId === marker.id));
    const analyticsEvents = sitePublished(await events(owner, analytics));
    expect(analyticsEvents.filter((e) => e.payload.eventId === event.id)).toHaveLength(1);
    expect(sitePublished(await events(owner, chat)).filter((e) => e.payload.eventId === event.id)).toHaveLength(1);
    // The marker reached the other organization's installation only.
    expect(analyticsEvents.filter((e) => e.payload.eventId === marker.id).map((e) => e.installationId)).toEqual([installs.analyticsOther]);
    expect(sitePublished(await events(owner, chat)).some((e) => e.payload.eventId === marker.id)).toBe(false);
  });

  test('When a site of an organization without installations is published, Then nothing is recorded and the next event is handled', async () => {
    const { orgId: lonelyOrg } = await newUserWithOrg('No Installs');
    const before = (await events(owner, analytics)).length;
    await deliver(sitePublishedEvent(lonelyOrg, 'site-lonely'));
    const after = sitePublishedEvent(ownerOrg, 'site-after');
    await deliver(after);
    await deliveredWhen(async () => sitePublished(await events(owner, analytics)).some((e) => e.payload.eventId === after.id));
    expect((await events(owner, analytics)).length).toBe(before + 1);
  });

  test('When the installing organization reads the events of an integration it does not own, Then it is 403', async () => {
    expect((await api.call('GET', `/v1/integrations/${analytics}/events`, { as: other })).status).toBe(403);
  });
});
