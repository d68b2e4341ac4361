import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { componentOf, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { startGitHostApi, type GitHostApiServer } from '../../../../test/support/git-host-api';
import { startGitServer, type GitServer } from '../../../../test/support/git-server';
import { contentFixtures } from './fixtures';
import { drainGitSyncs, gitThreadsForFile } from './git-sync-support';

/**
 * Git Sync installations (issue 27, docs/adr/0107) on content's app: installed on a space, set up with a
 * repository and a branch chosen through the provider's look-ups, against a stand-in of GitHub's and GitLab's REST
 * calls and a real git server, both on 127.0.0.1. The first sync runs as the worker runs it.
 */
const TOKEN = 'ghp-installation-7d1e';
let git: GitServer;
let host: GitHostApiServer;
/** A host that takes requests and never answers. */
let stalled: http.Server;
const seed = {
  'README.md': '# Welcome\n\nHello.\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
  'guide.md': '# Guide\n\nSteps.\n',
};

// A run checks with identity that whoever asked still may edit the space.
const identity = identityStandIn();
const api = componentOf('ginst', contentService, async () => {
  const { IDENTITY_URL } = await identity.start();
  git = await startGitServer({ token: TOKEN });
  const repo = (id: number, name: string) => ({ id, owner: 'acme', name, defaultBranch: 'main', branches: ['main', 'release'], cloneUrl: git.repository(name, seed), files: seed });
  host = await startGitHostApi({ token: TOKEN, repositories: [repo(101, 'docs'), repo(102, 'handbook')] });
  stalled = http.createServer(() => undefined);
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  return { IDENTITY_URL, OUTBOUND_ALLOW: '127.0.0.1', GITHUB_API_URL: host.url, GITLAB_URL: host.url, CONTENT_GIT_HOST_TIMEOUT_MS: '2000' };
});
const fixtures = contentFixtures(api, identity);
const orgId = fixtures.orgId;
const threads = gitThreadsForFile(api);
afterAll(async () => {
  await identity.close();
  await host?.close();
  await git?.close();
  stalled?.closeAllConnections();
  await new Promise((resolve) => stalled?.close(resolve));
});

const drain = () => drainGitSyncs(api, threads());

const newSpace = async (title: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
const install = (spaceId: string, provider: 'github' | 'gitlab') => fixtures.call('POST', '/v1/git/installations', { provider, target: { type: 'space', spaceId } });

describe('a GitHub installation', () => {
  test('When a space admin installs GitHub, picks a repository and a branch through the look-ups, Then the space syncs with it and its first sync imports the branch', async () => {
    const spaceId = await newSpace('Installed');
    const created = await install(spaceId, 'github');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ object: 'git-sync-installation', provider: 'github', target: { type: 'space', spaceId }, status: 'unauthenticated', createdBy: fixtures.owner.id });
    const id = created.body.id as string;
    expect(created.headers.get('location')).toContain(`/git/installations/${id}`);
    expect((await install(spaceId, 'github')).status).toBe(409);

    // Without a token, the look-ups say what is missing; with one, they answer what the token sees.
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/github/repos`)).body.error.message).toMatch(/no token: set providerConfiguration.accessToken/);
    const tokened = await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { accessToken: TOKEN } });
    expect(tokened.status).toBe(200);
    expect(tokened.body.status).toBe('pending');
    expect(JSON.stringify(tokened.body)).not.toContain(TOKEN);
    const repos = await fixtures.call('GET', `/v1/git/installations/${id}/github/repos`);
    expect(repos.body.items).toEqual([
      { id: 101, accountName: 'acme', repositoryName: 'docs', fullName: 'acme/docs', defaultBranch: 'main' },
      { id: 102, accountName: 'acme', repositoryName: 'handbook', fullName: 'acme/handbook', defaultBranch: 'main' },
    ]);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/github/repos/acme/docs/branches`)).body.items).toEqual([
      { name: 'main', ref: 'refs/heads/main' },
      { name: 'release', ref: 'refs/heads/release' },
    ]);
    const file = await fixtures.call('GET', `/v1/git/installations/${id}/github/repos/acme/docs/file?path=SUMMARY.md&ref=main`);
    expect(file.body).toMatchObject({ name: 'SUMMARY.md', path: 'SUMMARY.md', size: Buffer.byteLength(seed['SUMMARY.md']) });
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/github/repos/acme/docs/file?path=missing.md`)).status).toBe(404);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects`)).status).toBe(400);

    expect((await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { repositoryId: 101, branch: 'refs/heads/nope' } })).body.error.message).toMatch(/has no branch nope/);
    const active = await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { repositoryId: 101, branch: 'refs/heads/main' }, priority: 'git', commitMessageTemplate: 'DOCS-{change_request_number}: {change_request_subject}' });
    expect(active.status).toBe(200);
    expect(active.body).toMatchObject({ status: 'active', providerConfiguration: { repositoryId: 101, branch: 'refs/heads/main' }, priority: 'git' });
    expect((await fixtures.call('GET', `/v1/git/installations/${id}`)).body).toEqual(active.body);

    await drain();
    const info = await fixtures.call('GET', `/v1/spaces/${spaceId}/git/info`);
    expect(info.body).toMatchObject({ installationId: id, installationProvider: 'github', installationStatus: 'active', repoName: 'acme/docs', operation: { state: 'success', direction: 'import' } });
    const content = await fixtures.call('GET', `/v1/spaces/${spaceId}/content`);
    expect(content.body.pages.map((p: { title: string }) => p.title)).toEqual(['Welcome', 'Guide']);

    // A merge is exported with the installation's commit message template, GitBook's placeholders filled in.
    const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Clarify the guide' })).body;
    await fixtures.author(spaceId, cr.id, [{ operation: 'update_page', page: content.body.pages[1].id, document: { markdown: 'Steps, clarified.\n' } }]);
    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`)).status).toBe(200);
    await drain();
    expect(git.git('docs', 'log', '-1', '--format=%s', 'main').trim()).toBe(`DOCS-${cr.number}: Clarify the guide`);
  });

  test('When an installation is removed, Then the space syncs with nothing (git/info 404) and its waiting runs are cancelled', async () => {
    const spaceId = await newSpace('Removed');
    const id = (await install(spaceId, 'github')).body.id as string;
    await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { accessToken: TOKEN, repositoryId: 102, branch: 'refs/heads/main' } });
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/git/info`)).body.operation).toMatchObject({ state: 'running' });
    expect((await fixtures.call('DELETE', `/v1/git/installations/${id}`)).status).toBe(205);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}`)).status).toBe(404);
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/git/info`)).status).toBe(404);
    expect(await api.db('git_sync_runs').where({ space_id: spaceId }).pluck('state')).toEqual(['cancelled']);
  });
});

describe('a GitLab installation', () => {
  test('When GitLab is installed with a token and a project, Then its look-ups list projects and branches and the space imports the branch', async () => {
    const spaceId = await newSpace('GitLab installed');
    const id = (await install(spaceId, 'gitlab')).body.id as string;
    const tokened = await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'gitlab', providerConfiguration: { accessToken: TOKEN } });
    expect(tokened.body).toMatchObject({ status: 'pending', providerConfiguration: { customInstanceURL: null } });
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects`)).body.items.map((p: { fullName: string }) => p.fullName)).toEqual(['acme/docs', 'acme/handbook']);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects/102/branches`)).body.items).toHaveLength(2);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects/102/file?path=guide.md&ref=main`)).body).toMatchObject({ name: 'guide.md', path: 'guide.md' });
    await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'gitlab', providerConfiguration: { projectId: 102, branch: 'refs/heads/main' } });
    await drain();
    expect((await fixtures.call('GET', `/v1/spaces/${spaceId}/git/info`)).body).toMatchObject({ installationProvider: 'gitlab', repoName: 'acme/handbook', operation: { state: 'success', direction: 'import' } });
  });
});

describe("a site's installations", () => {
  test("When sites asks on a caller's behalf for the installations of some spaces, Then it gets those of the spaces the caller may view", async () => {
    const shown = await newSpace('Shown');
    const hiddenSpace = await newSpace('Hidden');
    const shownId = (await install(shown, 'github')).body.id as string;
    await install(hiddenSpace, 'gitlab');
    const reader = await fixtures.newUser('site-reader', 'read');
    expect((await fixtures.call('PATCH', `/v1/spaces/${hiddenSpace}`, { defaultLevel: null })).status).toBe(200);
    const asked = await api.call('POST', '/internal/git-installations', { as: reader.as, body: { spaces: [shown, hiddenSpace, 'no-such-space'] } });
    expect(asked.status).toBe(200);
    expect(asked.body.items.map((i: { id: string }) => i.id)).toEqual([shownId]);
    expect((await api.call('POST', '/internal/git-installations', { as: reader.as, body: { spaces: 'all' } })).status).toBe(400);
    const stranger = await fixtures.newUser('site-stranger', 'admin', 'elsewhere-2');
    expect((await api.call('POST', '/internal/git-installations', { as: stranger.as, body: { spaces: [shown] } })).body.items).toEqual([]);
  });
});

describe('installations refuse what they must', () => {
  test('When a non-admin, a stranger or a bad body asks, Then 403, 404 and 400; a wrong token is a 400 that says the host refused it', async () => {
    const spaceId = await newSpace('Guarded installs');
    const editor = await fixtures.newUser('editor', 'edit');
    const stranger = await fixtures.newUser('stranger', 'admin', 'elsewhere');
    const body = { provider: 'github', target: { type: 'space', spaceId } };
    expect((await api.call('POST', '/v1/git/installations', { as: editor.as, body })).status).toBe(403);
    expect((await api.call('POST', '/v1/git/installations', { as: stranger.as, body })).status).toBe(404);
    // A space's installation that a site's would manage is made from the site's gitbook-docs.yaml (docs/adr/0115).
    expect((await fixtures.call('POST', '/v1/git/installations', { provider: 'github', target: { type: 'space', spaceId, siteId: 'site-1' } })).status).toBe(400);
    expect((await fixtures.call('POST', '/v1/git/installations', { provider: 'bitbucket', target: { type: 'space', spaceId } })).status).toBe(400);
    const id = (await fixtures.call('POST', '/v1/git/installations', body)).body.id as string;
    expect((await api.call('GET', `/v1/git/installations/${id}`, { as: editor.as })).status).toBe(200);
    expect((await api.call('GET', `/v1/git/installations/${id}`, { as: stranger.as })).status).toBe(404);
    expect((await api.call('GET', `/v1/git/installations/${id}/github/repos`, { as: editor.as })).status).toBe(403);
    expect((await api.call('PATCH', `/v1/git/installations/${id}`, { as: editor.as, body: { provider: 'github', providerConfiguration: {} } })).status).toBe(403);
    expect((await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'gitlab', providerConfiguration: {} })).status).toBe(400);
    expect((await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { branch: 'main' } })).status).toBe(400);
    const refused = await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'github', providerConfiguration: { accessToken: 'wrong', repositoryId: 101, branch: 'refs/heads/main' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/refused the installation's token \(HTTP 401\)/);
    expect((await fixtures.call('GET', `/v1/git/installations/${id}`)).body.status).toBe('unauthenticated');
  });

  test('When a GitLab instance never answers, Then the look-up gives up at its deadline and says so', async () => {
    const spaceId = await newSpace('Stalled instance');
    const id = (await install(spaceId, 'gitlab')).body.id as string;
    await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'gitlab', providerConfiguration: { accessToken: TOKEN, customInstanceURL: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}` } });
    const refused = await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/did not answer within 2000 ms/);
  });

  test('When a GitLab instance URL points at a private address not allowed, Then the look-up is refused before any request leaves', async () => {
    const spaceId = await newSpace('Private instance');
    const id = (await install(spaceId, 'gitlab')).body.id as string;
    await fixtures.call('PATCH', `/v1/git/installations/${id}`, { provider: 'gitlab', providerConfiguration: { accessToken: TOKEN, customInstanceURL: 'http://169.254.169.254' } });
    const refused = await fixtures.call('GET', `/v1/git/installations/${id}/gitlab/projects`);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/could not be reached/);
  });
});
