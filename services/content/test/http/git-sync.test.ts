import { createHmac } from 'node:crypto';
import { ContentEvents } from '@dp/events';
import { createLogger } from '@dp/log';
import { componentOf, eventually, identityStandIn } from '@dp/testing';
import { contentService } from '../../src';
import { claimGitSyncRuns } from '../../src/data/git-sync';
import { gitThreadsOf, runGitSyncsJob } from '../../src/jobs/run-git-syncs';
import { startGitServer, type GitServer } from '../../../../test/support/git-server';
import { contentFixtures } from './fixtures';
import { drainGitSyncs } from './git-sync-support';

/**
 * Git Sync of a space (issue 27, docs/adr/0107) on content's app and its worker's loop: the official import and
 * export (204, queued), GET git/info, against a real git server on 127.0.0.1 (git http-backend behind a bridge
 * that asks for a token). Runs are taken from the queue as the worker does (pollGitSyncs) and awaited.
 */
const TOKEN = 'tok-3f9a1c';
const WEBHOOK_SECRET = 'hook-secret-81c2';
// A run checks with identity that whoever asked still may edit the space.
const identity = identityStandIn();
const api = componentOf('gsync', contentService, async () => ({
  ...(await identity.start()),
  OUTBOUND_ALLOW: '127.0.0.1',
  CONTENT_GIT_SYNC_TIMEOUT_MS: '30000',
  CONTENT_GIT_WEBHOOK_SECRET: WEBHOOK_SECRET,
}));
const fixtures = contentFixtures(api, identity);
const orgId = fixtures.orgId;
let server: GitServer;
let git: ReturnType<typeof gitThreadsOf>;

beforeAll(async () => {
  server = await startGitServer({ token: TOKEN });
  git = gitThreadsOf(api.config);
});
afterAll(async () => {
  await git?.close();
  await server?.close();
  await identity.close();
});

/** Runs every queued sync as the worker would, one poll after another, until none is left. */
const drain = () => drainGitSyncs(api, git);

const withToken = (url: string, token = TOKEN) => url.replace('http://', `http://x-access-token:${token}@`);
const newSpace = async (title: string) => (await fixtures.call('POST', `/v1/orgs/${orgId}/spaces`, { title })).body.id as string;
const info = (spaceId: string) => fixtures.call('GET', `/v1/spaces/${spaceId}/git/info`);
const sync = (spaceId: string, direction: 'import' | 'export', body: object) => fixtures.call('POST', `/v1/spaces/${spaceId}/git/${direction}`, body);

type Page = { id: string; title: string; slug: string; type: string; pages: Page[]; description?: string };
const tree = (pages: Page[]): unknown[] => pages.map((p) => ({ title: p.title, slug: p.slug, type: p.type, pages: tree(p.pages ?? []) }));
const content = async (spaceId: string) =>
  (await fixtures.call('GET', `/v1/spaces/${spaceId}/content`)).body as { id: string; pages: Page[]; files: Array<{ id: string; name: string }>; reusableContents: Array<{ id: string; title: string }>; git?: { oid: string } };
const markdownOf = async (spaceId: string, pageId: string) => (await fixtures.call('GET', `/v1/spaces/${spaceId}/content/page/${pageId}?format=markdown`)).body.markdown as string;

/** A repository in GitBook's format, written by hand: a readme, a group, nested pages, front matter, an image, links, an include. */
const handWritten = {
  'README.md': '# Welcome\n\nStart with the [setup](guide/setup/README.md).\n\n![Logo](.gitbook/assets/logo.png)\n',
  'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n\n## Guide\n\n* [Setup](guide/setup/README.md)\n  * [Advanced](guide/setup/advanced.md)\n',
  'guide/setup/README.md': '---\ndescription: Install it in a minute.\n---\n\n# Setup\n\nRun the installer. See [advanced](advanced.md#flags).\n',
  'guide/setup/advanced.md': '# Advanced\n\n## Flags\n\nUse `--fast`.\n\n{% include "../../.gitbook/includes/support.md" %}\n',
  '.gitbook/includes/support.md': '---\ntitle: Support\n---\n\nStuck? Start from the [welcome page](../../README.md).\n',
  '.gitbook/assets/logo.png': 'PNG-bytes',
  'src/app.js': 'console.log(1);\n',
  '.gitbook.yaml': 'root: ./\n\nredirects:\n  old/setup: guide/setup/README.md\n  nowhere: missing.md\n',
};

describe('Git Sync of a space', () => {
  test('When a repository written in GitBook format is imported, Then the space holds its page tree, front matter, links and images, names the commit, and git/info says it succeeded', async () => {
    const url = server.repository('handwritten', handWritten);
    const spaceId = await newSpace('Imported');
    expect((await info(spaceId)).status).toBe(404);
    const queued = await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main', repoTreeURL: 'https://git.example.com/docs/tree/main' });
    expect(queued.status).toBe(204);
    const waiting = await info(spaceId);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ installationProvider: 'github', installationStatus: 'active', repoName: 'handwritten', url: 'https://git.example.com/docs/tree/main', operation: { state: 'running', direction: 'import' } });

    await drain();
    const done = (await info(spaceId)).body;
    expect(done.operation).toMatchObject({ state: 'success', direction: 'import' });
    expect(done.operation.endedAt).toBeDefined();
    expect(JSON.stringify(done)).not.toContain(TOKEN);

    const live = await content(spaceId);
    expect(tree(live.pages)).toEqual([
      { title: 'Welcome', slug: 'welcome', type: 'document', pages: [] },
      { title: 'Guide', slug: 'guide', type: 'group', pages: [{ title: 'Setup', slug: 'setup', type: 'document', pages: [{ title: 'Advanced', slug: 'advanced', type: 'document', pages: [] }] }] },
    ]);
    expect(live.git).toMatchObject({ oid: server.git('handwritten', 'rev-parse', 'main').trim(), message: 'Initial content', createdByService: false, ref: 'refs/heads/main' });
    const [welcome, guide] = live.pages;
    const setup = guide.pages[0];
    const advanced = setup.pages[0];
    expect(setup.description).toBe('Install it in a minute.');
    expect(live.files).toEqual([expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: 9 })]);
    expect(await markdownOf(spaceId, welcome.id)).toContain(`[setup](/pages/${setup.id})`);
    expect(await markdownOf(spaceId, welcome.id)).toContain(`(/files/${live.files[0].id})`);
    expect(await markdownOf(spaceId, setup.id)).toContain(`[advanced](/pages/${advanced.id}#flags)`);
    // The include is a reusable content of the space, its links and the page's include by id.
    expect(live.reusableContents).toEqual([{ id: expect.any(String), title: 'Support', document: expect.any(String) }]);
    const [support] = live.reusableContents;
    expect(await markdownOf(spaceId, advanced.id)).toContain(`{% include "/reusable-contents/${support.id}" %}`);
    const included = await fixtures.call('GET', `/v1/spaces/${spaceId}/revisions/${live.id}/reusable-contents/${support.id}/document`);
    expect(JSON.stringify(included.body)).toContain(`"page":"${welcome.id}"`);

    // .gitbook.yaml's redirect: the published site asks where a reader at old/setup goes.
    const former = await api.call('GET', `/internal/spaces/${spaceId}/revisions/${live.id}/former-paths?path=old%2Fsetup`, { as: { service: 'sites' } });
    expect(former.body).toMatchObject({ pageId: setup.id });

    const [started] = await api.outbox(ContentEvents.GIT_SYNC_STARTED);
    expect(started.data).toMatchObject({ spaceId, organizationId: orgId, direction: 'import' });
    // The platform's doing, for the user who asked (the audit log's actor).
    expect(started).toMatchObject({ actortype: 'user', actorid: fixtures.owner.id, actorsource: 'workflow' });
    const completed = (await api.outbox(ContentEvents.GIT_SYNC_COMPLETED)).find((e) => (e.data as { spaceId: string }).spaceId === spaceId);
    expect(completed?.data).toMatchObject({ state: 'success', revisionId: live.id, commitId: live.git!.oid, changeRequestId: null, error: null });

    // The URL and its token are stored sealed, nowhere in plain text.
    const rows = JSON.stringify(await api.db('space_git_syncs').where({ space_id: spaceId }).select('*')) + JSON.stringify(await api.db('git_sync_runs').where({ space_id: spaceId }).select('*'));
    expect(rows).not.toContain(TOKEN);
  });

  test('When a change request of a synced space is merged, Then its export follows: one commit by the merger with the edit, the rest of the repository kept, and importing it back changes nothing', async () => {
    const url = server.repository('roundtrip', handWritten);
    const spaceId = await newSpace('Round trip');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const before = await content(spaceId);
    const setup = before.pages[1].pages[0];

    const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit setup' })).body.id;
    expect((await fixtures.author(spaceId, cr, [{ operation: 'update_page', page: setup.id, document: { markdown: '---\ndescription: Install it in a minute.\n---\n\nRun the new installer.\n' } }])).status).toBe(200);
    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`)).status).toBe(200);
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'running', direction: 'export' });
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'success', direction: 'export' });
    expect(server.git('roundtrip', 'rev-list', '--count', 'main').trim()).toBe('2');
    expect(server.git('roundtrip', 'log', '-1', '--format=%ae|%s', 'main').trim()).toBe(`${fixtures.owner.email}|Edit setup (change request #1)`);
    expect(server.git('roundtrip', 'log', '-1', '--format=%b', 'main')).toContain('Docs-Platform-Sync: export');
    expect(server.git('roundtrip', 'show', 'main:guide/setup/README.md')).toContain('Run the new installer.');
    expect(server.git('roundtrip', 'show', 'main:README.md')).toContain('[setup](guide/setup/README.md)');
    expect(server.git('roundtrip', 'show', 'main:.gitbook/assets/logo.png')).toBe('PNG-bytes');
    expect(server.git('roundtrip', 'show', 'main:src/app.js')).toBe('console.log(1);\n');
    // What the platform did not change is written back byte for byte.
    for (const path of ['README.md', 'SUMMARY.md', 'guide/setup/advanced.md', '.gitbook/includes/support.md']) expect(server.git('roundtrip', 'show', `main:${path}`)).toBe(handWritten[path as keyof typeof handWritten]);

    // Asked again with nothing new, an export writes no commit.
    await sync(spaceId, 'export', { url: withToken(url), ref: 'refs/heads/main', commitMessage: 'Nothing new' });
    await drain();
    expect(server.git('roundtrip', 'rev-list', '--count', 'main').trim()).toBe('2');

    // The platform's own commit read back: the same pages, ids and files, no new revision.
    const exported = await content(spaceId);
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const after = await content(spaceId);
    expect(after.id).toBe(exported.id);
    expect(after.pages).toEqual(exported.pages);
    expect(after.reusableContents).toEqual(exported.reusableContents);
  });

  test('When both the space and the repository changed since the last sync, Then the import proposes a change request, exports wait for it, and its merge keeps both edits', async () => {
    const url = server.repository('both', handWritten);
    const spaceId = await newSpace('Both sides');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const synced = await content(spaceId);
    const [welcome, guide] = synced.pages;
    const advanced = guide.pages[0].pages[0];

    const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Platform edit' })).body.id;
    await fixtures.author(spaceId, cr, [{ operation: 'update_page', page: advanced.id, document: { markdown: '## Flags\n\nUse `--fast` or `--safe`.\n' } }]);
    await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`);
    server.commit('both', { 'README.md': '# Welcome\n\nStart with the [setup](guide/setup/README.md). Edited in git.\n\n![Logo](.gitbook/assets/logo.png)\n' }, 'Edit the welcome page');

    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const completed = (await api.outbox(ContentEvents.GIT_SYNC_COMPLETED)).filter((e) => (e.data as { spaceId: string }).spaceId === spaceId).pop();
    const proposed = (completed?.data as { changeRequestId: string | null }).changeRequestId;
    expect(proposed).toEqual(expect.any(String));
    expect(await markdownOf(spaceId, welcome.id)).not.toContain('Edited in git');

    await sync(spaceId, 'export', { url: withToken(url), ref: 'refs/heads/main', commitMessage: 'Too early' });
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'failure', direction: 'export', error: expect.stringMatching(/change request #\d+, opened by an import .* is still open/) });

    expect((await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${proposed}/merge`)).status).toBe(200);
    expect(await markdownOf(spaceId, welcome.id)).toContain('Edited in git');
    expect(await markdownOf(spaceId, advanced.id)).toContain('`--safe`');

    await sync(spaceId, 'export', { url: withToken(url), ref: 'refs/heads/main', commitMessage: 'Both edits' });
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'success', direction: 'export' });
    expect(server.git('both', 'show', 'main:README.md')).toContain('Edited in git');
    expect(server.git('both', 'show', 'main:guide/setup/advanced.md')).toContain('`--safe`');
  });

  test('When a file is moved in git, Then its page keeps its id, so links and comments follow it', async () => {
    const url = server.repository('moves', handWritten);
    const spaceId = await newSpace('Moves');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const advanced = (await content(spaceId)).pages[1].pages[0].pages[0];
    server.commit(
      'moves',
      {
        'guide/setup/advanced.md': null,
        'guide/advanced-usage.md': handWritten['guide/setup/advanced.md'],
        'SUMMARY.md': handWritten['SUMMARY.md'].replace('  * [Advanced](guide/setup/advanced.md)\n', '* [Advanced](guide/advanced-usage.md)\n'),
        'guide/setup/README.md': handWritten['guide/setup/README.md'].replace('(advanced.md#flags)', '(../advanced-usage.md#flags)'),
      },
      'Move the advanced page',
    );
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const guide = (await content(spaceId)).pages[1];
    expect(guide.pages.map((p) => [p.id, p.title, p.slug])).toEqual([
      [expect.any(String), 'Setup', 'setup'],
      [advanced.id, 'Advanced', 'advanced-usage'],
    ]);
    expect(await markdownOf(spaceId, guide.pages[0].id)).toContain(`(/pages/${advanced.id}#flags)`);
  });

  test('When the branch moved since the last sync, Then an export leaves it alone and says to import first; with force it is written', async () => {
    const url = server.repository('moved', handWritten);
    const spaceId = await newSpace('Moved');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const head = server.commit('moved', { 'guide/setup/advanced.md': '# Advanced\n\nChanged in git.\n' }, 'Someone pushed');
    const cr = (await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Platform edit' })).body.id;
    await fixtures.author(spaceId, cr, [{ operation: 'insert_page', title: 'New page', document: { markdown: 'New.' } }]);
    await fixtures.call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/merge`);
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'failure', error: expect.stringMatching(/has commits .* not imported yet: import them first/) });
    expect(server.git('moved', 'rev-parse', 'main').trim()).toBe(head);
    await sync(spaceId, 'export', { url: withToken(url), ref: 'refs/heads/main', commitMessage: 'Export anyway', force: true });
    await drain();
    expect(server.git('moved', 'log', '-1', '--format=%s', 'main').trim()).toBe('Export anyway');
  });
});

describe("the content worker's Git Sync job", () => {
  test('When a run is queued, Then the job is woken at its commit and runs it, without waiting for its next tick', async () => {
    const releases: Array<() => Promise<void>> = [];
    runGitSyncsJob({ db: api.db, config: api.config, log: createLogger('git-sync-job-test', 'silent'), onStop: (release) => void releases.push(release) });
    try {
      const channel = `git_sync_${api.config.DB_SCHEMA}`;
      await eventually(async () => (await api.db.raw<{ rows: unknown[] }>('select 1 from pg_stat_activity where query = ?', [`listen "${channel}"`])).rows.length > 0);
      const url = server.repository('woken', handWritten);
      const spaceId = await newSpace('Woken');
      await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
      await eventually(async () => (await info(spaceId)).body.operation.state === 'success', 20_000);
    } finally {
      for (const release of releases) await release();
    }
  });
});

describe('Git Sync refuses what it must', () => {
  test('When the body is bad, Then a 400 names the field and nothing is queued', async () => {
    const spaceId = await newSpace('Bad bodies');
    const url = 'http://127.0.0.1:1/repo.git';
    for (const [body, message] of [
      [{ url, ref: 'main' }, /refs\/heads/],
      [{ url, ref: 'refs/heads/../x' }, /refs\/heads/],
      [{ url: 'file:///etc/passwd', ref: 'refs/heads/main' }, /http\(s\) URL/],
      [{ url: 'not a url', ref: 'refs/heads/main' }, /not a URL/],
      [{ url, ref: 'refs/heads/main', repoProjectDirectory: '../outside' }, /leaves the synced directory/],
      [{ ref: 'refs/heads/main' }, /url/],
    ] as const) {
      const res = await sync(spaceId, 'import', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await sync(spaceId, 'export', { url, ref: 'refs/heads/main' })).status).toBe(400);
    expect(await api.db('git_sync_runs').where({ space_id: spaceId }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
  });

  test('When a reader or a stranger asks, Then a reader is refused (403) and a stranger sees no space (404)', async () => {
    const spaceId = await newSpace('Guarded');
    const reader = await fixtures.newUser('reader', 'read');
    const stranger = await fixtures.newUser('stranger', 'admin', 'another-org');
    const body = { url: 'http://127.0.0.1:1/repo.git', ref: 'refs/heads/main' };
    expect((await api.call('POST', `/v1/spaces/${spaceId}/git/import`, { as: reader.as, body })).status).toBe(403);
    expect((await api.call('POST', `/v1/spaces/${spaceId}/git/import`, { as: stranger.as, body })).status).toBe(404);
    await sync(spaceId, 'import', body);
    expect((await api.call('GET', `/v1/spaces/${spaceId}/git/info`, { as: stranger.as })).status).toBe(404);
    expect((await api.call('GET', `/v1/spaces/${spaceId}/git/info`, { as: reader.as })).status).toBe(200);
  });

  test('When whoever queued a sync loses edit or leaves the organization before it runs, Then the run fails saying so and the space is untouched; with edit back, it runs', async () => {
    const url = withToken(server.repository('asker', handWritten));
    const spaceId = await newSpace('Asked for');
    const editor = await fixtures.newUser('editor', 'edit');
    const body = { url, ref: 'refs/heads/main' };
    const asEditor = () => api.call('POST', `/v1/spaces/${spaceId}/git/import`, { as: editor.as, body });
    const refusal = { state: 'failure', direction: 'import', error: 'the user who asked for this sync may no longer edit the space' };

    expect((await asEditor()).status).toBe(204);
    identity.orgRoles.set(editor.id, 'read');
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject(refusal);
    expect((await content(spaceId)).pages).toEqual([]);

    identity.orgRoles.set(editor.id, 'edit');
    expect((await asEditor()).status).toBe(204);
    identity.members.delete(editor.id);
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject(refusal);
    expect((await content(spaceId)).pages).toEqual([]);

    identity.members.add(editor.id);
    expect((await asEditor()).status).toBe(204);
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'success', direction: 'import' });
    expect((await content(spaceId)).pages.map((page) => page.title)).toEqual(['Welcome', 'Guide']);
  });

  test('When a space has five runs waiting, Then a sixth is refused (429) until they end', async () => {
    const spaceId = await newSpace('Busy');
    const body = { url: 'http://127.0.0.1:1/repo.git', ref: 'refs/heads/main' };
    for (let n = 0; n < 5; n++) expect((await sync(spaceId, 'import', body)).status).toBe(204);
    const refused = await sync(spaceId, 'import', body);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/already has 5 Git Sync runs/);
  });

  test('When the repository is on a private address not allowed, refuses the token, or lacks the branch, Then the run fails saying why, without the token, and the space is untouched', async () => {
    const url = server.repository('refusing', handWritten);
    const cases: Array<[string, RegExp]> = [
      [withToken('http://169.254.169.254/latest/meta-data.git'), /could not be reached/],
      [withToken(url, 'wrong-token'), /refused the credentials .* \(HTTP 401\)/],
    ];
    for (const [repoUrl, why] of cases) {
      const spaceId = await newSpace('Refused');
      const before = await content(spaceId);
      await sync(spaceId, 'import', { url: repoUrl, ref: 'refs/heads/main' });
      await drain();
      const state = (await info(spaceId)).body;
      expect(state.operation).toMatchObject({ state: 'failure', direction: 'import', error: expect.stringMatching(why) });
      expect(JSON.stringify(state)).not.toMatch(/wrong-token|tok-3f9a1c/);
      expect((await content(spaceId)).id).toBe(before.id);
    }
    const spaceId = await newSpace('No branch');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/nope' });
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'failure', error: expect.stringContaining('nope') });
  });

  test("When one organization queued many runs, Then another organization's run is taken among the first, not after them", async () => {
    const busy = await Promise.all([1, 2, 3, 4].map((n) => newSpace(`Busy ${n}`)));
    for (const spaceId of busy) await sync(spaceId, 'import', { url: 'http://127.0.0.1:1/repo.git', ref: 'refs/heads/main' });
    const other = await fixtures.newUser('other-org-admin', 'admin', 'second-org');
    const theirs = (await api.call('POST', '/v1/orgs/second-org/spaces', { as: other.as, body: { title: 'Theirs' } })).body.id as string;
    expect((await api.call('POST', `/v1/spaces/${theirs}/git/import`, { as: other.as, body: { url: 'http://127.0.0.1:1/repo.git', ref: 'refs/heads/main' } })).status).toBe(204);
    const claimed = await claimGitSyncRuns(api.db, 2, 60_000);
    expect(claimed.map((run) => run.space_id).sort()).toEqual([busy[0], theirs].sort());
    await drain();
  });

  test('When a run was abandoned by a worker that stopped, Then the next poll ends it as a timeout and says so', async () => {
    const spaceId = await newSpace('Abandoned');
    await sync(spaceId, 'import', { url: 'http://127.0.0.1:1/repo.git', ref: 'refs/heads/main' });
    await api.db('git_sync_runs').where({ space_id: spaceId }).update({ state: 'running', started_at: api.db.fn.now(), lease_until: api.db.raw("now() - interval '1 second'") });
    await drain();
    expect((await info(spaceId)).body.operation).toMatchObject({ state: 'timeout', error: expect.stringMatching(/worker running this sync stopped/) });
  });
});

describe('Git Sync follows pushes', () => {
  /** A push as GitHub's webhook sends it, signed with `secret` over the body's bytes. */
  const githubPush = (url: string, after: string, secret = WEBHOOK_SECRET) => {
    const body = { ref: 'refs/heads/main', after, repository: { full_name: 'x/y', clone_url: url, html_url: url.replace(/\.git$/, '') } };
    const raw = JSON.stringify(body);
    const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    return api.call('POST', '/git/webhooks/github', { as: { service: 'gateway' }, rawBody: raw, headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': signature } });
  };

  test('When a signed push reaches the webhook, Then each space synced with that branch imports it; a bad signature is refused and queues nothing', async () => {
    const url = server.repository('pushed', handWritten);
    const spaceId = await newSpace('Follows pushes');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main' });
    await drain();
    const head = server.commit('pushed', { 'guide/setup/advanced.md': '# Advanced\n\nPushed from git.\n' }, 'Push from a laptop');

    const forged = await githubPush(url, head, 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(await api.db('git_sync_runs').where({ space_id: spaceId, state: 'queued' }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
    expect((await api.call('POST', '/git/webhooks/github', { as: { service: 'gateway' }, rawBody: '{}', headers: { 'content-type': 'application/json', 'x-github-event': 'push' } })).status).toBe(401);
    expect((await api.call('POST', '/git/webhooks/github', { as: fixtures.owner.as, rawBody: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(403);

    expect((await githubPush(url, head)).status).toBe(204);
    await drain();
    const live = await content(spaceId);
    expect(live.git?.oid).toBe(head);
    expect(await markdownOf(spaceId, live.pages[1].pages[0].pages[0].id)).toContain('Pushed from git.');

    // The same push again, or the platform's own export coming back, queues nothing.
    expect((await githubPush(url, head)).status).toBe(204);
    expect(await api.db('git_sync_runs').where({ space_id: spaceId, state: 'queued' }).count<{ count: string }[]>({ count: '*' })).toEqual([{ count: '0' }]);
  });

  test("When GitLab's push carries the secret as its token, Then the space imports it; another token is refused", async () => {
    const url = server.repository('gitlab-pushed', handWritten);
    const spaceId = await newSpace('GitLab');
    await sync(spaceId, 'import', { url: withToken(url), ref: 'refs/heads/main', gitInfo: { provider: 'gitlab' } });
    await drain();
    const head = server.commit('gitlab-pushed', { 'README.md': '# Welcome\n\nFrom GitLab.\n' }, 'GitLab push');
    const raw = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/main', after: head, project: { path_with_namespace: 'x/y', git_http_url: url, web_url: url } });
    const push = (token: string) => api.call('POST', '/git/webhooks/gitlab', { as: { service: 'gateway' }, rawBody: raw, headers: { 'content-type': 'application/json', 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': token } });
    expect((await push('wrong')).status).toBe(401);
    expect((await push(WEBHOOK_SECRET)).status).toBe(204);
    await drain();
    expect((await content(spaceId)).git?.oid).toBe(head);
    expect((await info(spaceId)).body).toMatchObject({ installationProvider: 'gitlab', operation: { state: 'success', direction: 'import' } });
  });
});
