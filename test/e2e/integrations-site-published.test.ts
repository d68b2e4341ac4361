import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import { createEvent, SitesEvents, type CloudEvent } from '@dp/events';
import { eventually, expectOfficialSchema, TEST_AMQP_URL } from '@dp/testing';
import { bootStack, type TestStack } from '../support/stack';

/**
 * sites.site.published, as the sites service will publish it (a CloudEvents envelope on the stack's exchange,
 * routing key = type), reaches the integrations worker: one `site_published` integration event per
 * installation on the site's organization, readable through the events endpoints; the same event delivered
 * again adds nothing (inbox). The sites service is not built yet, so the test publishes the event itself.
 */
let stack: TestStack;
let connection: ChannelModel;
let channel: ConfirmChannel;
let owner: { token: string };
let ownerOrg: string;
let other: { token: string };
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
const events = async (token: string, name: string) => {
  const res = await stack.call('GET', `/v1/integrations/${name}/events?limit=1000`, { token });
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

async function deliver(event: CloudEvent): Promise<void> {
  channel.publish(`${stack.namespace}docs.events`, event.type, Buffer.from(JSON.stringify(event)), {
    persistent: true,
    messageId: event.id,
    type: event.type,
    contentType: 'application/cloudevents+json',
  });
  await channel.waitForConfirms();
}

beforeAll(async () => {
  stack = await bootStack('ints');
  connection = await amqp.connect(TEST_AMQP_URL);
  channel = await connection.createConfirmChannel();

  const u = await stack.newUser('site-owner');
  owner = u;
  ownerOrg = (await stack.newOrg(u.token, 'Site Owner Org')).id;
  const o = await stack.newUser('other-org');
  other = o;
  otherOrg = (await stack.newOrg(o.token, 'Other Site Org')).id;

  analytics = uniqueName('analytics');
  chat = uniqueName('chat');
  for (const name of [analytics, chat]) expect((await stack.call('POST', `/v1/integrations/${name}`, { token: u.token, body: manifest(ownerOrg) })).status).toBe(200);
  const installOn = async (token: string, name: string, org: string) => {
    const res = await stack.call('POST', `/v1/integrations/${name}/installations`, { token, body: { organization: org } });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  installs.analyticsOwner = await installOn(u.token, analytics, ownerOrg);
  installs.chatOwner = await installOn(u.token, chat, ownerOrg);
  installs.analyticsOther = await installOn(o.token, analytics, otherOrg);
}, 120_000);

afterAll(async () => {
  await connection?.close().catch(() => undefined);
  await stack?.stop();
}, 60_000);

describe('sites.site.published becomes integration events', () => {
  let event: CloudEvent;

  test('When a site of an organization is published, Then each installation on that organization gets one site_published event, and none elsewhere', async () => {
    event = sitePublishedEvent(ownerOrg, 'site-abc');
    await deliver(event);

    // Recorded, then delivered to each integration's script by the worker.
    const [ofAnalytics, ofChat] = await eventually(async () => {
      const a = sitePublished(await events(owner.token, analytics));
      const c = sitePublished(await events(owner.token, chat));
      return a.length >= 1 && c.length >= 1 && [...a, ...c].every((e) => e.status === 'success') && [a, c];
    }, 15_000);
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
    const analyticsEvents = await events(owner.token, analytics);
    expect(sitePublished(analyticsEvents).map((e) => e.installationId)).toEqual([installs.analyticsOwner]);
  });

  test('When the event is read alone, Then its trace says where it came from', async () => {
    const [recorded] = sitePublished(await events(owner.token, analytics));
    const res = await stack.call('GET', `/v1/integrations/${analytics}/events/${recorded.id}`, { token: owner.token });
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
    await eventually(async () => sitePublished(await events(owner.token, analytics)).some((e) => e.payload.eventId === marker.id), 15_000);
    const analyticsEvents = sitePublished(await events(owner.token, analytics));
    expect(analyticsEvents.filter((e) => e.payload.eventId === event.id)).toHaveLength(1);
    expect(sitePublished(await events(owner.token, chat)).filter((e) => e.payload.eventId === event.id)).toHaveLength(1);
    // The marker reached the other organization's installation only.
    expect(analyticsEvents.filter((e) => e.payload.eventId === marker.id).map((e) => e.installationId)).toEqual([installs.analyticsOther]);
    expect(sitePublished(await events(owner.token, chat)).some((e) => e.payload.eventId === marker.id)).toBe(false);
  });

  test('When a site of an organization without installations is published, Then nothing is recorded and the worker carries on', async () => {
    const lonely = await stack.newUser('lonely');
    const lonelyOrg = (await stack.newOrg(lonely.token, 'No Installs')).id;
    const before = (await events(owner.token, analytics)).length;
    await deliver(sitePublishedEvent(lonelyOrg, 'site-lonely'));
    const after = sitePublishedEvent(ownerOrg, 'site-after');
    await deliver(after);
    await eventually(async () => sitePublished(await events(owner.token, analytics)).some((e) => e.payload.eventId === after.id), 15_000);
    expect((await events(owner.token, analytics)).length).toBe(before + 1);
  });

  test('When the installing organization reads the events of an integration it does not own, Then it is 403', async () => {
    expect((await stack.call('GET', `/v1/integrations/${analytics}/events`, { token: other.token })).status).toBe(403);
  });
});
