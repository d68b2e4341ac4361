import { eventually } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient } from '../support/stack-client';

/** sites → outbox → relay → RabbitMQ → integrations worker → integration events, across the real stack. */
let stack: StackClient;
beforeAll(async () => {
  stack = await sharedStack();
});

test('When a site is published, Then each installation of its organization gets an integration event, readable through the events endpoints', async () => {
  const admin = await stack.newUser('admin');
  const org = (await stack.newOrg(admin.token)).id;
  const name = `flow-${Date.now()}`;
  const published = await stack.call('POST', `/v1/integrations/${name}`, {
    token: admin.token,
    body: { organization: org, title: 'Flow', description: 'Receives site events', script: 'export default () => new Response("ok")', scopes: ['site:views:read'] },
  });
  expect(published.status).toBe(200);
  const installed = await stack.call('POST', `/v1/integrations/${name}/installations`, { token: admin.token, body: { organization: org } });
  expect(installed.status).toBe(201);

  const space = await stack.call('POST', `/v1/orgs/${org}/spaces`, { token: admin.token, body: { title: 'Guide' } });
  const site = await stack.call('POST', `/v1/orgs/${org}/sites`, { token: admin.token, body: { title: 'Docs', spaces: [space.body.id] } });
  expect(site.status).toBe(201);
  const publish = await stack.call('POST', `/v1/orgs/${org}/sites/${site.body.id}/publish`, { token: admin.token });
  expect(publish.status).toBe(200);
  expect(publish.body.published).toBe(true);

  const event = await eventually(async () => {
    const res = await stack.call('GET', `/v1/integrations/${name}/events`, { token: admin.token });
    return res.body.items?.find((e: { payload: { type: string } }) => e.payload.type === 'site_published');
  }, 15_000);
  expect(event).toMatchObject({ installationId: installed.body.id, payload: { installationId: installed.body.id, siteId: site.body.id } });

  const one = await stack.call('GET', `/v1/integrations/${name}/events/${event.id}`, { token: admin.token });
  expect(one.status).toBe(200);
  expect(one.body.event.id).toBe(event.id);
  expect(one.body.trace.logs.map((l: { message: string }) => l.message)).toContain('recorded from sites.site.published');

  // Exactly one per installation: nothing else arrives later. The proof of absence is a later marker on the same
  // queue (another site of the organization published, handled by the same integrations consumer), not a sleep.
  const marker = await stack.call('POST', `/v1/orgs/${org}/sites`, { token: admin.token, body: { title: 'Marker', spaces: [space.body.id] } });
  expect(marker.status).toBe(201);
  expect((await stack.call('POST', `/v1/orgs/${org}/sites/${marker.body.id}/publish`, { token: admin.token })).status).toBe(200);
  const publishedOf = (items: Array<{ payload: { type: string; siteId?: string } }>, siteId: string) => items.filter((e) => e.payload.type === 'site_published' && e.payload.siteId === siteId);
  const all = await eventually(async () => {
    const res = await stack.call('GET', `/v1/integrations/${name}/events`, { token: admin.token });
    return publishedOf(res.body.items ?? [], marker.body.id).length > 0 ? res.body.items : undefined;
  }, 15_000);
  expect(publishedOf(all, site.body.id)).toHaveLength(1);
});
