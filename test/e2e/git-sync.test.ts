import { createHmac } from 'node:crypto';
import { eventually, responseContractErrors } from '@dp/testing';
import { GitBookAPI, GitSyncInstallationProvider } from '../support/gitbook-api';
import { startGitServer, type GitServer } from '../support/git-server';
import { startGitHostApi, type GitHostApiServer } from '../support/git-host-api';
import { bootStack, type TestStack } from '../support/stack';
import type { TestUser } from '../support/stack-client';

/**
 * Git Sync across the whole stack (issue 27, docs/adr/0107): GitBook's official client asks the gateway for an
 * import, the content worker (woken at the run's commit) reads a real git server on 127.0.0.1, a merge made
 * through the client is committed back by itself, and a push signed as GitHub signs it, sent to the gateway's
 * public webhook path, brings the repository's next commit into the space: edits on either side show on the other.
 */
process.env.OUTBOUND_ALLOW = '127.0.0.1';
jest.setTimeout(90_000);

const TOKEN = 'e2e-git-token';
let stack: TestStack;
let git: GitServer;
/** GitHub's REST calls as a site's installation makes them (its repository, branches, gitbook-docs.yaml). */
let host: GitHostApiServer;
const siteFiles = {
  'gitbook-docs.yaml': `site:
  title: Acme handbook
  structure:
    - type: space
      key: space-guide
      title: Guide
      path: guide
      default: true
      content:
        directory: ./guide
    - type: space
      key: space-faq
      title: FAQ
      path: faq
      content:
        directory: ./faq
`,
  'guide/README.md': '# Guide\n\nRead me first.\n',
  'guide/SUMMARY.md': '# Table of contents\n\n* [Guide](README.md)\n',
  'faq/README.md': '# FAQ\n\nAsked often.\n',
  'faq/SUMMARY.md': '# Table of contents\n\n* [FAQ](README.md)\n',
};
let ada: TestUser;
let api: GitBookAPI;
const violations: string[] = [];

beforeAll(async () => {
  git = await startGitServer({ token: TOKEN });
  host = await startGitHostApi({ token: TOKEN, repositories: [{ id: 401, owner: 'acme', name: 'handbook', defaultBranch: 'main', branches: ['main'], cloneUrl: git.repository('handbook', siteFiles), files: siteFiles }] });
  // The deployment's GitHub token (GITHUB_TOKEN): installations on GitHub need none of their own.
  stack = await bootStack('gitsync', { withWorkers: true, env: { GITHUB_API_URL: host.url, GITHUB_TOKEN: TOKEN } });
  ada = await stack.newUser('ada');
  api = new GitBookAPI({
    endpoint: stack.baseUrl,
    authToken: ada.token,
    serviceBinding: {
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const res = await fetch(input, init);
        if (res.headers.get('content-type')?.startsWith('application/json')) {
          const request = new Request(input, init);
          for (const v of responseContractErrors(request.method, new URL(request.url).pathname, res.status, await res.clone().json())) violations.push(v);
        }
        return res;
      },
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await host?.close();
  await git?.close();
});
afterEach(() => expect(violations.splice(0)).toEqual([]));

test('When a space is pointed at a repository through the official client, Then edits on either side reach the other by themselves', async () => {
  const orgId = (await stack.newOrg(ada.token, 'Docs as code')).id;
  const url = git.repository('docs', {
    'README.md': '# Welcome\n\nHello.\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide.md)\n',
    'guide.md': '# Guide\n\nStep one.\n',
  });
  const space = (await api.orgs.createSpace(orgId, { title: 'Synced' })).data;
  const remote = url.replace('http://', `http://x-access-token:${TOKEN}@`);

  await api.spaces.importGitRepository(space.id, { url: remote, ref: 'refs/heads/main' });
  const imported = await eventually(async () => {
    const info = (await api.spaces.getSpaceGitInfo(space.id)).data;
    return info.operation?.state === 'success' ? info : undefined;
  }, 30_000);
  expect(imported).toMatchObject({ installationProvider: 'github', repoName: 'docs', operation: { direction: 'import' } });
  const pages = (await api.spaces.listPages(space.id)).data.pages;
  expect(pages.map((p) => p.title)).toEqual(['Welcome', 'Guide']);

  // The platform's side: a merged change request is committed to the branch by itself, by its merger.
  const cr = (await api.spaces.createChangeRequest(space.id, { subject: 'Add step two' })).data;
  await api.spaces.updateChangeRequestContent(space.id, cr.id, { changes: [{ operation: 'update_page', page: pages[1].id, document: { markdown: 'Step one.\n\nStep two.\n' } }] }, { compat: false });
  await api.spaces.mergeChangeRequest(space.id, cr.id);
  await eventually(() => git.git('docs', 'log', '-1', '--format=%s', 'main').trim() === `Add step two (change request #${cr.number})` || undefined, 30_000);
  expect(git.git('docs', 'show', 'main:guide.md')).toContain('Step two.');
  expect(git.git('docs', 'log', '-1', '--format=%ae', 'main').trim()).toBe(ada.email);

  // The repository's side: a push, told by a webhook signed as GitHub signs it, through the gateway's public path.
  const head = git.commit('docs', { 'guide.md': '# Guide\n\nStep one.\n\nStep two.\n\nStep three, from git.\n' }, 'Add step three');
  const body = JSON.stringify({ ref: 'refs/heads/main', after: head, repository: { clone_url: url } });
  const secret = stack.envOf('content').CONTENT_GIT_WEBHOOK_SECRET!;
  const hook = (signature: string) => fetch(`${stack.baseUrl}/git/webhooks/github`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature }, body });
  expect((await hook('sha256=0000')).status).toBe(401);
  expect((await hook(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`)).status).toBe(204);
  await eventually(async () => {
    const page = (await api.spaces.getPageById(space.id, pages[1].id, { format: 'markdown' })).data;
    return 'markdown' in page && page.markdown.includes('Step three, from git.') ? page : undefined;
  }, 30_000);
});

test("When a space of a site has an installation, Then the official client lists it among the site's installations (sites asks content)", async () => {
  const orgId = (await stack.newOrg(ada.token, 'Installed docs')).id;
  const space = (await api.orgs.createSpace(orgId, { title: 'Installed' })).data;
  const site = (await api.orgs.createSite(orgId, { title: 'Docs site' })).data;
  await api.orgs.addSpaceToSite(orgId, site.id, { spaceId: space.id });
  const installation = (await api.git.installGitSyncProviderOnTarget({ provider: GitSyncInstallationProvider.Github, target: { type: 'space', spaceId: space.id } })).data;
  expect(installation).toMatchObject({ provider: 'github', status: 'pending', target: { type: 'space', spaceId: space.id } });
  expect((await api.git.getGitSyncInstallationById(installation.id)).data.id).toBe(installation.id);
  const listed = (await api.orgs.listSiteGitSyncInstallations(orgId, site.id)).data;
  expect(listed.items.map((i) => i.id)).toEqual([installation.id]);
});

test("When a site's admin installs Git Sync on the site through the official client, Then the site's spaces and structure follow its gitbook-docs.yaml, and each space holds its directory", async () => {
  const orgId = (await stack.newOrg(ada.token, 'Site as code')).id;
  const site = (await api.orgs.createSite(orgId, { title: 'Handbook' })).data;
  const installation = (await api.git.installGitSyncProviderOnTarget({ provider: GitSyncInstallationProvider.Github, target: { type: 'site', siteId: site.id } })).data;
  expect(installation).toMatchObject({ target: { type: 'site', siteId: site.id }, status: 'pending' });
  const active = (await api.git.updateGitSyncInstallationById(installation.id, { provider: 'github', providerConfiguration: { repositoryId: 401, branch: 'refs/heads/main' } })).data;
  expect(active.status).toBe('active');

  // Sites makes the structure from content's event; the spaces' imports run on content's worker.
  const siteSpaces = await eventually(async () => {
    const items = (await api.orgs.listSiteSpaces(orgId, site.id)).data.items;
    return items.length === 2 && items;
  }, 30_000);
  expect(siteSpaces.map((s) => [s.path, s.default, s.space.title])).toEqual([
    ['guide', true, 'Guide'],
    ['faq', false, 'FAQ'],
  ]);
  expect((await api.orgs.getSiteById(orgId, site.id)).data.title).toBe('Acme handbook');
  const pages = await eventually(async () => {
    const titles = await Promise.all(siteSpaces.map(async (s) => (await api.spaces.listPages(s.space.id)).data.pages.map((p) => p.title)));
    return titles.every((t) => t.length > 0) && titles;
  }, 30_000);
  expect(pages).toEqual([['Guide'], ['FAQ']]);
  const listed = (await api.orgs.listSiteGitSyncInstallations(orgId, site.id)).data.items;
  expect(listed.map((i) => [i.target.type, i.parentInstallationId])).toEqual([
    ['site', undefined],
    ['space', installation.id],
    ['space', installation.id],
  ]);
});
