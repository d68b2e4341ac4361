import { componentOf } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures } from './fixtures';

/**
 * Content's internal withdrawal (docs/adr/0039): the sites service, as itself, takes back a space it has just
 * created for a member; no user, and no other service, can use it, and only that member's fresh space goes.
 * (That the gateway does not route it at all: test/e2e/content-spaces.test.ts.)
 */
const api = componentOf('cwd', contentService);
const fixtures = contentFixtures(api);

const withdraw = (spaceId: string, createdBy: string, as: Parameters<typeof api.headers>[0]) =>
  api.call('POST', `/internal/spaces/${spaceId}/withdraw`, { as, body: { createdBy } });
const newSpace = async () => (await fixtures.call('POST', `/v1/orgs/${fixtures.orgId}/spaces`, { title: 'Fresh' })).body.id as string;

test('When sites withdraws a space its member just created, Then it is deleted (205), then there is nothing to withdraw (204)', async () => {
  const spaceId = await newSpace();
  expect((await withdraw(spaceId, fixtures.owner.id, { service: 'sites' })).status).toBe(205);
  expect((await fixtures.call('GET', `/v1/spaces/${spaceId}`)).body.deletedAt).toEqual(expect.any(String));
  expect((await withdraw(spaceId, fixtures.owner.id, { service: 'sites' })).status).toBe(204);
});

test("When the space is someone else's, or the caller is a user or another service, Then nothing is withdrawn", async () => {
  const spaceId = await newSpace();
  expect((await withdraw(spaceId, 'someone-else', { service: 'sites' })).status).toBe(409);
  expect((await withdraw(spaceId, fixtures.owner.id, { service: 'integrations' })).status).toBe(403);
  expect((await withdraw(spaceId, fixtures.owner.id, fixtures.owner.as)).status).toBe(403);
  expect((await fixtures.call('GET', `/v1/spaces/${spaceId}`)).body.deletedAt).toBeUndefined();
});
