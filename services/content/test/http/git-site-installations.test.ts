import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ASSERTION_HEADER, verifyAssertion } from '@dp/auth';
import { ContentEvents, createEvent, isCatalogEvent, SitesEvents, type EventData } from '@dp/events';
import { componentOf, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { startGitHostApi, type GitHostApiServer, type HostedRepository } from '../../../../test/support/git-host-api';
import { startGitServer, type GitServer } from '../../../../test/support/git-server';
import { contentFixtures } from './fixtures';
import { drainGitSyncs, gitThreadsForFile } from './git-sync-support';

/**
 * A site's Git Sync installation (issue 27, docs/adr/0115) on content's app: installed by the site's admins (asked of
 * a stand-in of sites' access route, on 127.0.0.1), set up with a repository whose `gitbook-docs.yaml` (read through
 * the stand-in of GitHub's REST calls) names the site's spaces: each gets a space of its own, synced with its
 * directory of the real git repository by an installation the site's manages, and sites is told the structure.
 */
const TOKEN = 'ghp-site-2b7c';
const WEBHOOK_SECRET = 'site-push-secret';
const SITE = 'site-docs-1';
const yaml = (spaces: string) => `site:\n  title: Acme docs\n  structure:\n${spaces}`;
const sectioned = yaml(`    - type: section
      key: section-product
      title: Product
      path: product
      default: true
      children:
        - type: space
          key: space-guides
          title: Guides
          path: guides
          default: true
          content:
            directory: ./guides
        - type: space
          key: space-notes
          title: Release notes
          path: notes
          content:
            directory: null
    - type: section
      key: section-api
      title: API
      path: api
      children:
        - type: space
          key: space-api
          title: API reference
          path: reference
          content:
            directory: /api
    - type: external-link
      key: link-status
      title: Status
      url: https://status.example.com
`);
const files: Record<string, string> = {
  'docs/gitbook-docs.yaml': sectioned,
  'docs/guides/README.md': '# Guides\n\nStart here.\n',
  'docs/guides/SUMMARY.md': '# Table of contents\n\n* [Guides](README.md)\n* [Install](install.md)\n',
  'docs/guides/install.md': '# Install\n\nRun it.\n',
  'api/README.md': '# API\n\nEndpoints.\n',
  'api/SUMMARY.md': '# Table of contents\n\n* [API](README.md)\n',
};

let git: GitServer;
let host: GitHostApiServer;
let repo: HostedRepository;
/** Sites' access route as sites answers it: admin of the site's organization, viewer of it, or nothing. */
let sites: http.Server;
const identity = identityStandIn();
const api = componentOf('gsite', contentService, async () => {
  const { IDENTITY_URL } = await identity.start();
  git = await startGitServer({ token: TOKEN });
  repo = { id: 301, owner: 'acme', name: 'site-docs', defaultBranch: 'main', branches: ['main'], cloneUrl: git.repository('site-docs', files), files: { ...files } };
  host = await startGitHostApi({ token: TOKEN, repositories: [repo] });
  sites = http.createServer((req, res) => {
    const caller = verifyAssertion(String(req.headers[ASSERTION_HEADER]), api.config.INTERNAL_AUTH_SECRET);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname !== `/internal/sites/${SITE}/access`) return send(404, { error: { code: 404, message: 'Site not found' } });
    const role = caller?.memberships?.[fixtures.orgId];
    if (!role) return send(404, { error: { code: 404, message: 'Site not found' } });
    if (url.searchParams.get('level') === 'admin' && role !== 'admin') return send(403, { error: { code: 403, message: 'Forbidden' } });
    send(200, { organizationId: fixtures.orgId, title: 'Acme docs' });
  });
  await new Promise<void>((resolve) => sites.listen(0, '127.0.0.1', resolve));
  return { IDENTITY_URL, OUTBOUND_ALLOW: '127.0.0.1', GITHUB_API_URL: host.url, SITES_URL: `http://127.0.0.1:${(sites.address() as AddressInfo).port}`, CONTENT_GIT_WEBHOOK_SECRET: WEBHOOK_SECRET };
});
const fixtures = contentFixtures(api, identity);
const threads = gitThreadsForFile(api);
afterAll(async () => {
  await identity.close();
  await host?.close();
  await git?.close();
  await new Promise((resolve) => sites?.close(resolve));
});

type Read = EventData<typeof ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ>;
const structureReads = async (): Promise<Read[]> => (await api.outbox(ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ)).flatMap((e) => (isCatalogEvent(e, ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ) ? [e.data] : []));
const spaceOf = (read: Read, key: string) => read.nodes.find((n) => n.key === key)?.spaceId as string;
const pageTitles = async (spaceId: string) => ((await fixtures.call('GET', `/v1/spaces/${spaceId}/content`)).body.pages as Array<{ title: string }>).map((p) => p.title);
const push = (after: string) => {
  const raw = JSON.stringify({ ref: 'refs/heads/main', after, repository: { full_name: 'acme/site-docs', clone_url: repo.cloneUrl, html_url: repo.cloneUrl.replace(/\.git$/, '') } });
  const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex')}`;
  return api.call('POST', '/git/webhooks/github', { as: { service: 'gateway' }, rawBody: raw, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature } });
};

test("When a site's admin installs GitHub on the site and picks the repository, Then each space of its gitbook-docs.yaml gets a space synced with its directory, and sites is told the structure", async () => {
  const created = await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: SITE } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ object: 'git-sync-installation', target: { type: 'site', siteId: SITE }, status: 'unauthenticated' });
  const siteInstallation = created.body.id as string;
  expect((await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: SITE } })).status).toBe(409);

  const active = await fixtures.call('PATCH', `/v1/git/installations/${siteInstallation}`, { provider: 'github', providerConfiguration: { accessToken: TOKEN, repositoryId: 301, branch: 'refs/heads/main' }, projectDirectory: 'docs' });
  expect(active.status).toBe(200);
  expect(active.body).toMatchObject({ status: 'active', projectDirectory: 'docs', target: { type: 'site', siteId: SITE } });

  const [read] = await structureReads();
  expect(read).toMatchObject({ siteId: SITE, organizationId: fixtures.orgId, installationId: siteInstallation, createdBy: fixtures.owner.id, title: 'Acme docs' });
  // In reading order, each with the section it sits in; the external link is not sent (sites has none).
  expect(read.nodes.map((n) => [n.type, n.key, n.parentKey])).toEqual([
    ['section', 'section-product', null],
    ['space', 'space-guides', 'section-product'],
    ['space', 'space-notes', 'section-product'],
    ['section', 'section-api', null],
    ['space', 'space-api', 'section-api'],
  ]);
  expect(read.spaces.map((s) => [s.id, s.title])).toEqual([
    [spaceOf(read, 'space-guides'), 'Guides'],
    [spaceOf(read, 'space-notes'), 'Release notes'],
    [spaceOf(read, 'space-api'), 'API reference'],
  ]);

  // The site's installation and the two it manages (the notes space reads no directory), as sites lists them.
  const listed = await fixtures.call('POST', '/internal/git-installations', { siteId: SITE, spaces: [] });
  expect(listed.status).toBe(200);
  expect(listed.body.items.map((i: { target: object; parentInstallationId?: string; projectDirectory?: string }) => [i.target, i.parentInstallationId, i.projectDirectory])).toEqual([
    [{ type: 'site', siteId: SITE }, undefined, 'docs'],
    [{ type: 'space', spaceId: spaceOf(read, 'space-guides'), siteId: SITE }, siteInstallation, 'docs/guides'],
    [{ type: 'space', spaceId: spaceOf(read, 'space-api'), siteId: SITE }, siteInstallation, 'api'],
  ]);
  const child = listed.body.items[1].id as string;
  expect((await fixtures.call('PATCH', `/v1/git/installations/${child}`, { provider: 'github', providerConfiguration: { branch: 'refs/heads/main' } })).body.error.message).toMatch(/managed by the site's/);
  expect((await fixtures.call('DELETE', `/v1/git/installations/${child}`)).status).toBe(400);

  await drainGitSyncs(api, threads());
  expect(await pageTitles(spaceOf(read, 'space-guides'))).toEqual(['Guides', 'Install']);
  expect(await pageTitles(spaceOf(read, 'space-api'))).toEqual(['API']);
  expect(await pageTitles(spaceOf(read, 'space-notes'))).toEqual([]);

  // A push that renames the API space and drops the notes space: the same spaces, the notes one no longer named.
  const next = sectioned.replace('title: API reference', 'title: API').replace(/ {8}- type: space\n {10}key: space-notes[\s\S]*?directory: null\n/, '');
  repo.files['docs/gitbook-docs.yaml'] = next;
  const head = git.commit('site-docs', { 'docs/gitbook-docs.yaml': next, 'api/README.md': '# API\n\nEndpoints, pushed.\n' }, 'Rename the API space');
  expect((await push(head)).status).toBe(204);
  const reads = await structureReads();
  expect(reads).toHaveLength(2);
  expect(reads[1].nodes.map((n) => [n.key, n.title, n.spaceId])).toEqual([
    ['section-product', 'Product', undefined],
    ['space-guides', 'Guides', spaceOf(read, 'space-guides')],
    ['section-api', 'API', undefined],
    ['space-api', 'API', spaceOf(read, 'space-api')],
  ]);
  expect((await fixtures.call('GET', `/v1/spaces/${spaceOf(read, 'space-api')}`)).body.title).toBe('API');
  await drainGitSyncs(api, threads());
  const apiPage = (await fixtures.call('GET', `/v1/spaces/${spaceOf(read, 'space-api')}/content`)).body.pages[0].id as string;
  expect((await fixtures.call('GET', `/v1/spaces/${spaceOf(read, 'space-api')}/content/page/${apiPage}?format=markdown`)).body.markdown).toContain('pushed');

  // Removing the site's installation takes the ones it manages: their spaces stay and sync with nothing.
  expect((await fixtures.call('DELETE', `/v1/git/installations/${siteInstallation}`)).status).toBe(205);
  expect((await fixtures.call('GET', `/v1/spaces/${spaceOf(read, 'space-guides')}/git/info`)).status).toBe(404);
  expect((await fixtures.call('GET', `/v1/spaces/${spaceOf(read, 'space-guides')}`)).status).toBe(200);
  expect((await fixtures.call('POST', '/internal/git-installations', { siteId: SITE, spaces: [] })).body.items).toEqual([]);
});

test("When someone who is not the site's admin installs on it, or the repository's gitbook-docs.yaml is missing or wrong, Then 403, 404 or a 400 that says why, and nothing is made", async () => {
  const editor = await fixtures.newUser('site-editor', 'edit');
  const stranger = await fixtures.newUser('site-stranger', 'admin', 'elsewhere-site');
  const body = { provider: 'github', target: { type: 'site', siteId: SITE } };
  expect((await api.call('POST', '/v1/git/installations', { as: editor.as, body })).status).toBe(403);
  expect((await api.call('POST', '/v1/git/installations', { as: stranger.as, body })).status).toBe(404);
  expect((await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: 'no-such-site' } })).status).toBe(404);
  expect((await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site' } })).status).toBe(400);

  const id = (await fixtures.call('POST', '/v1/git/installations', body)).body.id as string;
  expect((await api.call('GET', `/v1/git/installations/${id}`, { as: stranger.as })).status).toBe(404);
  const before = (await structureReads()).length;
  const setUp = (projectDirectory: string) => fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { accessToken: TOKEN, repositoryId: 301, branch: 'refs/heads/main' }, projectDirectory });
  expect((await setUp('nowhere')).body.error.message).toBe('acme/site-docs has no nowhere/gitbook-docs.yaml on main: a site\'s Git Sync reads the site\'s structure from it');
  repo.files['bad/gitbook-docs.yaml'] = yaml('    - type: space\n      key: a\n      title: A\n');
  expect((await setUp('bad')).body.error.message).toMatch(/^gitbook-docs\.yaml/);
  repo.files['twice/gitbook-docs.yaml'] = yaml([1, 2].map((n) => `    - type: space\n      key: a\n      title: A${n}\n      path: p-${n}\n      content:\n        directory: null\n`).join(''));
  expect((await setUp('twice')).body.error.message).toBe('gitbook-docs.yaml: the key a is used twice');
  repo.files['climb/gitbook-docs.yaml'] = yaml('    - type: space\n      key: up\n      title: Up\n      path: up\n      content:\n        directory: ../../etc\n');
  expect((await setUp('climb')).body.error.message).toMatch(/may not climb/);
  expect((await structureReads()).length).toBe(before);
  expect((await fixtures.call('GET', `/v1/git/installations/${id}`)).body.status).toBe('unauthenticated');
  expect((await fixtures.call('DELETE', `/v1/git/installations/${id}`)).status).toBe(205);
});

test("When the site is deleted, Then its installation and those it manages go, and their spaces stay", async () => {
  const id = (await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'site', siteId: SITE } })).body.id as string;
  expect((await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { accessToken: TOKEN, repositoryId: 301, branch: 'refs/heads/main' }, projectDirectory: 'docs' })).status).toBe(200);
  const read = (await structureReads()).at(-1)!;
  const guides = spaceOf(read, 'space-guides');
  expect((await fixtures.call('GET', `/v1/spaces/${guides}/git/info`)).status).toBe(200);
  // Another organization's deletion of a site with that id changes nothing.
  await api.handle(createEvent(SitesEvents.SITE_DELETED, { siteId: SITE, organizationId: 'another-org' }, { source: 'sites', subject: SITE }));
  expect((await fixtures.call('GET', `/v1/git/installations/${id}`)).status).toBe(200);
  await api.handle(createEvent(SitesEvents.SITE_DELETED, { siteId: SITE, organizationId: fixtures.orgId }, { source: 'sites', subject: SITE }));
  expect(await api.db('git_sync_installations').where({ id }).orWhere({ parent_installation_id: id }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
  expect((await fixtures.call('GET', `/v1/spaces/${guides}/git/info`)).status).toBe(404);
  expect((await fixtures.call('GET', `/v1/spaces/${guides}`)).status).toBe(200);
});
