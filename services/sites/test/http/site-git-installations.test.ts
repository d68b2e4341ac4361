import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSERTION_HEADER, verifyAssertion } from '@dp/auth';
import type { GitInstallationsList } from '@dp/contracts';
import { newId } from '@dp/db';
import { componentOf, type ComponentCaller } from '@dp/testing';
import { sitesService } from '../../src';
import { insertSiteSpace } from './fixtures';

/**
 * The official listSiteGitSyncInstallations on the sites app (docs/adr/0108): the installations of the site's spaces
 * are content's, asked on the caller's behalf (content leaves out the spaces they may not view), answered here by
 * a server this file runs. Through the stack: test/e2e/git-sync.test.ts.
 */
const asked: Array<{ site: string; spaces: string[]; user: string | undefined }> = [];
let content: Server;
const api = componentOf('sgi', sitesService, async () => {
  content = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/internal/git-installations') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404,"message":"Not found"}}');
      const caller = verifyAssertion(String(req.headers[ASSERTION_HEADER]), api.config.INTERNAL_AUTH_SECRET);
      const { siteId: site, spaces } = JSON.parse(body) as { siteId: string; spaces: string[] };
      asked.push({ site, spaces, user: caller?.userId });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answerFor(spaces)));
    });
  });
  await new Promise<void>((resolve) => content.listen(0, '127.0.0.1', resolve));
  return { CONTENT_URL: `http://127.0.0.1:${(content.address() as AddressInfo).port}` };
});
afterAll(() => new Promise((resolve) => content?.close(resolve)));

const answerFor = (spaces: string[]): GitInstallationsList => ({
  items: spaces.slice(0, 1).map((spaceId) => ({
    object: 'git-sync-installation',
    id: `inst-${spaceId}`,
    provider: 'github',
    providerConfiguration: { repositoryId: 7, branch: 'refs/heads/main' },
    target: { type: 'space', spaceId },
    status: 'active',
    createdAt: new Date().toISOString(),
    createdBy: 'someone',
    updatedAt: new Date().toISOString(),
    urls: { location: `http://localhost/v1/git/installations/inst-${spaceId}` },
  })),
});

const orgId = newId();
const owner: ComponentCaller = { user: newId(), roles: { [orgId]: 'admin' } };
const outsider: ComponentCaller = { user: newId(), roles: { [newId()]: 'admin' } };

test("When a member lists a site's Git Sync installations, Then content is asked, as them, for the installations of the site's spaces", async () => {
  const siteId = (await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Synced site' } })).body.id as string;
  const spaceIds: string[] = [];
  for (const position of [0, 1]) {
    const siteSpaceId = await insertSiteSpace(api.db, orgId, siteId, position);
    spaceIds.push((await api.db('site_spaces').where({ id: siteSpaceId }).first('space_id')).space_id);
  }
  const listed = await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}/spaces/git/installations`, { as: owner });
  expect(listed.status).toBe(200);
  expect(listed.body.items).toEqual([expect.objectContaining({ id: `inst-${spaceIds[0]}`, target: { type: 'space', spaceId: spaceIds[0] } })]);
  expect(asked.at(-1)).toEqual({ site: siteId, spaces: spaceIds, user: 'user' in owner ? owner.user : undefined });

  const before = asked.length;
  expect((await api.call('GET', `/v1/orgs/${orgId}/sites/${siteId}/spaces/git/installations`, { as: outsider })).status).toBe(404);
  expect(asked.length).toBe(before);
  // A site without site spaces may have an installation of its own (docs/adr/0115): content is asked all the same.
  const empty = (await api.call('POST', `/v1/orgs/${orgId}/sites`, { as: owner, body: { title: 'Empty' } })).body.id as string;
  expect((await api.call('GET', `/v1/orgs/${orgId}/sites/${empty}/spaces/git/installations`, { as: owner })).body).toEqual({ items: [] });
  expect(asked.at(-1)).toEqual({ site: empty, spaces: [], user: 'user' in owner ? owner.user : undefined });
});
