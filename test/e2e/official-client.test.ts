import { docTabs, docText, responseContractErrors } from '@dp/testing';
import { sharedStack } from '../support/shared-stack';
import type { StackClient, TestUser } from '../support/stack-client';
import { GitBookAPI, GitBookAPIError, type ChangeRequestContentUpdate, type JSONDocument, type RevisionPage, type Site } from '../support/gitbook-api';

/**
 * The flow a client developer writes with GitBook's official client, `@gitbook/api`'s `GitBookAPI`, pointed
 * at the gateway: only the first user is made the way the README tells a new user (the staff endpoint, which
 * GitBook has no equivalent of); everything after it goes through the client's own methods, typed by its
 * own declarations, and its errors arrive as its own `GitBookAPIError`.
 */
let stack: StackClient;
let ada: TestUser;
let api: GitBookAPI;

/**
 * The client's transport is plain fetch, through its own `serviceBinding` option, which also checks each JSON
 * answer against the official schema of its operation, as every other e2e call is (libs/testing contract).
 */
const violations: string[] = [];
const serviceBinding = {
  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const res = await fetch(input, init);
    if (res.headers.get('content-type')?.startsWith('application/json')) {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      for (const v of responseContractErrors(request.method, path, res.status, await res.clone().json())) violations.push(`${request.method} ${path}: ${v}`);
    }
    return res;
  },
};
const client = (authToken?: string) => new GitBookAPI({ endpoint: stack.baseUrl, authToken, serviceBinding });

beforeAll(async () => {
  stack = await sharedStack();
  ada = await stack.newUser('ada');
  api = client(ada.token);
});
afterEach(() => expect(violations.splice(0)).toEqual([]));

const GUIDE = '# Guide\n\nRead [the setup](./setup.md) first.';
const SETUP = 'Install it with `npm install`.';

/** The markdown of a page read with `format: 'markdown'` (a document page carries it; a group has none). */
const markdownOf = (page: RevisionPage) => ('markdown' in page ? page.markdown : undefined);

/** The error a client call rejects with (the test fails if it resolves). */
async function rejection(call: Promise<unknown>): Promise<GitBookAPIError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GitBookAPIError)) throw new Error(`expected a GitBookAPIError, got ${String(error)}`);
  return error;
}

describe('a client developer’s flow through the official client', () => {
  let orgId: string;
  let spaceId: string;
  let crId: string;
  let guideId: string;
  let setupId: string;
  let site: Site;

  test('When the client asks who it is, Then it is the user its token belongs to, at the endpoint’s /v1', async () => {
    expect(api.endpoint).toBe(stack.baseUrl);
    const { data: user } = await api.user.getAuthenticatedUser();
    expect(user).toMatchObject({ object: 'user', id: ada.id, displayName: 'ada', email: ada.email });
  });

  test('When it creates an organization, Then the organization is theirs and listed for them', async () => {
    const { data: org } = await api.orgs.createOrganization({ title: 'Acme Docs' });
    expect(org).toMatchObject({ object: 'organization', title: 'Acme Docs' });
    orgId = org.id;
    expect((await api.orgs.getOrganizationById(orgId)).data.title).toBe('Acme Docs');
    const { data: mine } = await api.orgs.listOrganizationsForAuthenticatedUser();
    expect(mine.items.map((o) => [o.id, o.title])).toEqual([[orgId, 'Acme Docs']]);
  });

  test('When it creates a space, Then the space is in the organization, empty', async () => {
    const { data: space } = await api.orgs.createSpace(orgId, { title: 'Handbook' });
    expect(space).toMatchObject({ object: 'space', title: 'Handbook', organization: orgId });
    spaceId = space.id;
    expect((await api.spaces.listPages(spaceId)).data.pages).toEqual([]);
  });

  test('When it opens a change request and writes two pages into it, Then the answer names the created pages', async () => {
    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'Add a guide' });
    expect(cr).toMatchObject({ object: 'change-request', number: 1, status: 'draft', subject: 'Add a guide', space: spaceId });
    crId = cr.id;

    const { data } = await api.spaces.updateChangeRequestContent(
      spaceId,
      crId,
      {
        changes: [
          { operation: 'insert_page', ref: 'guide', title: 'Guide', document: { markdown: GUIDE } },
          { operation: 'insert_page', ref: 'setup', title: 'Setup', into: 'guide', document: { markdown: SETUP } },
        ],
      },
      { compat: false },
    );
    // `compat: false` asks for the ChangeRequestContentUpdate variant of the answer.
    const update: ChangeRequestContentUpdate | undefined = 'changeRequest' in data ? data : undefined;
    expect(update?.changeRequest.id).toBe(crId);
    const created = update?.changes.flatMap((c) => (c.object === 'created_page' ? [{ ref: c.ref, id: c.page.id }] : [])) ?? [];
    expect(created.map((c) => c.ref)).toEqual(['guide', 'setup']);
    [{ id: guideId }, { id: setupId }] = created;
    expect(update?.changes.map((c) => c.object)).toEqual(['created_page', 'created_page']);

    const { data: draft } = await api.spaces.getPageInChangeRequestById(spaceId, crId, setupId, { format: 'markdown' });
    expect(markdownOf(draft)).toBe(SETUP);
    const { data: draftByPath } = await api.spaces.getPageInChangeRequestByPath(spaceId, crId, 'guide/setup', { format: 'markdown' });
    expect(draftByPath).toMatchObject({ id: setupId, title: 'Setup', path: 'guide/setup' });
    // Not merged yet: the live content has no pages.
    expect((await api.spaces.listPages(spaceId)).data.pages).toEqual([]);
  });

  test('When it merges the change request, Then it is merged and its revision is the space’s', async () => {
    const { data: merge } = await api.spaces.mergeChangeRequest(spaceId, crId);
    expect(merge.result).toBe('merge');
    const { data: cr } = await api.spaces.getChangeRequestById(spaceId, crId);
    expect(cr).toMatchObject({ status: 'merged', revisionMerged: merge.revision, mergedBy: expect.objectContaining({ id: ada.id }) });
    expect((await api.spaces.getSpaceById(spaceId)).data.revision).toBe(merge.revision);
  });

  test('When it reads the pages, by id and by path, Then they hold what was written', async () => {
    const { data: tree } = await api.spaces.listPages(spaceId);
    expect(tree.pages.map((p) => [p.id, p.title, 'pages' in p ? p.pages.map((c) => c.title) : []])).toEqual([[guideId, 'Guide', ['Setup']]]);

    const { data: byId } = await api.spaces.getPageById(spaceId, setupId, { format: 'markdown' });
    expect(byId).toMatchObject({ id: setupId, title: 'Setup', type: 'document', path: 'guide/setup' });
    expect(markdownOf(byId)).toBe(SETUP);

    const { data: byPath } = await api.spaces.getPageByPath(spaceId, 'guide/setup', { format: 'markdown' });
    expect(byPath.id).toBe(setupId);
    expect(markdownOf(byPath)).toBe(SETUP);

    // The guide's link to ./setup.md was resolved to the page.
    const { data: guide } = await api.spaces.getPageById(spaceId, guideId, { format: 'markdown' });
    expect(markdownOf(guide)).toBe(`# Guide\n\nRead [the setup](/pages/${setupId}) first.`);
  });

  test('When it writes a page as a JSON document (tabs, a code block with a title, a drawing), Then the page reads back as that document, exactly', async () => {
    const document: JSONDocument = {
      object: 'document',
      data: {},
      nodes: [
        docTabs([
          ['npm', 'npm ci'],
          ['yarn', 'yarn install'],
        ]),
        { object: 'block', type: 'code', data: { syntax: 'sh', title: 'Start' }, nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [docText('npm start')] }] },
        { object: 'block', type: 'drawing', isVoid: true, data: {} },
      ],
    };
    const { data: cr } = await api.spaces.createChangeRequest(spaceId, { subject: 'A JSON page' });
    const { data } = await api.spaces.updateChangeRequestContent(spaceId, cr.id, { changes: [{ operation: 'insert_page', title: 'Install', document: { document } }] }, { compat: false });
    const created = 'changeRequest' in data ? data.changes.find((c) => c.object === 'created_page') : undefined;
    expect(created).toBeDefined();
    const { data: page } = await api.spaces.getPageInChangeRequestById(spaceId, cr.id, created!.page.id, { format: 'document' });
    expect('document' in page ? page.document : undefined).toEqual(document);
  });

  test('When a call fails, Then the client throws its GitBookAPIError with the status and the error’s message', async () => {
    const missing = await rejection(api.spaces.getPageById(spaceId, 'no-such-page'));
    expect(missing).toMatchObject({ name: 'GitBookAPIError', code: 404, errorMessage: 'Page not found' });
    expect(missing.response.status).toBe(404);
    // The client reads `error.message` of GitBook's error body: the body it got was that shape.
    expect(missing.message).toContain('Page not found');

    // An organization someone else owns does not exist for them.
    const stranger = client((await stack.newUser('stranger')).token);
    expect(await rejection(stranger.orgs.getOrganizationById(orgId))).toMatchObject({ code: 404, errorMessage: 'Organization not found' });

    // Invalid input: a 400 naming the field.
    const invalid = await rejection(api.orgs.createOrganization({ title: 'x' }));
    expect(invalid.code).toBe(400);
    expect(invalid.errorMessage).toContain('body.title');

    // No token at all.
    expect((await rejection(client().user.getAuthenticatedUser())).code).toBe(401);
  });

  test('When it creates a site, adds the space and publishes it, Then the site is published at a URL that serves the pages', async () => {
    const { data: created } = await api.orgs.createSite(orgId, { title: 'Handbook site' });
    expect(created).toMatchObject({ object: 'site', title: 'Handbook site', published: false, siteSpaces: 0 });

    const { data: siteSpace } = await api.orgs.addSpaceToSite(orgId, created.id, { spaceId });
    expect(siteSpace).toMatchObject({ object: 'site-space', space: expect.objectContaining({ id: spaceId }) });
    const { data: siteSpaces } = await api.orgs.listSiteSpaces(orgId, created.id);
    expect(siteSpaces.items.map((s) => s.id)).toEqual([siteSpace.id]);

    const { data: published } = await api.orgs.publishSite(orgId, created.id);
    if (!('object' in published)) throw new Error(`publishing asked for a checkout: ${JSON.stringify(published)}`);
    site = published;
    expect(site).toMatchObject({ id: created.id, published: true, siteSpaces: 1 });
    expect(site.urls.published).toBe(`${stack.publisherUrl}/${orgId}/${site.id}`);
    expect((await api.orgs.getSiteById(orgId, site.id)).data.published).toBe(true);

    const { data: profile } = await api.orgs.getPublishedContentSite(orgId, site.id);
    expect(profile).toMatchObject({ object: 'published-content-site', site: expect.objectContaining({ id: site.id }) });

    const home = await fetch(site.urls.published!);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<h1 id="guide">Guide</h1>');
    const setup = await fetch(`${site.urls.published}/guide/setup.md`);
    expect(await setup.text()).toBe(SETUP);
  });
});
