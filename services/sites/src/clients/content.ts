import type { SpaceSnapshot } from '@dp/events';
import { snapshotOfSpaceJson, type SpaceJson } from '@dp/presenters';
import { signServiceAssertion } from '@dp/auth';
import { HttpError, serviceClient, serviceDownload, type OnBehalfOf, type ServiceRequest } from '@dp/http';
import type { FormerPath, GitInstallationsList, PublishedAlternates, PublishedPageDocument, PublishedTree, SpacesSearchBody, SpacesSearchResults } from '@dp/contracts';

/** What a new space is made of: a title, and the template whose pages it starts with (none: empty). */
export interface NewSpace {
  title: string;
  templateId?: string;
}

export interface ContentApi {
  /** The space as content sees it now, or undefined when it does not exist for this caller (content's 404). */
  fetchSpace(spaceId: string, on: OnBehalfOf): Promise<SpaceSnapshot | undefined>;
  /**
   * Creates a space in the organization as the caller (content authorizes them). A refusal by content (4xx)
   * is thrown with content's status and message; anything else unexpected is a 502.
   */
  createSpace(organizationId: string, space: NewSpace, on: OnBehalfOf): Promise<SpaceSnapshot>;
  /**
   * Takes back, as the sites service itself, a space just created for `createdBy` (content's internal
   * withdrawal, docs/adr/0039): true when content deleted it, false when there was nothing to withdraw.
   */
  withdrawSpace(spaceId: string, createdBy: string): Promise<boolean>;
  /** The Git Sync installations of these spaces that the caller may view (docs/adr/0108). */
  /** The Git Sync installations of a site (its own and those it manages) and of its spaces, those the caller may view. */
  gitInstallations(siteId: string, spaceIds: string[], on: OnBehalfOf): Promise<GitInstallationsList>;
}

/**
 * Reads spaces from the content service's API (never its schema) with the caller's assertion, for when a
 * site space is added and the copy must be fresh. Content answers 404 both for unknown spaces and for
 * spaces of organizations the caller is not in.
 */
export function contentApi(request: ServiceRequest, internalAuthSecret: string): ContentApi {
  return {
    async fetchSpace(spaceId, on) {
      const res = await request<SpaceJson>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}`, on);
      if (res.status === 404) return undefined;
      if (res.status !== 200 || !res.body || res.body.object !== 'space') {
        throw new HttpError(502, `The content service answered ${res.status} when asked for space ${spaceId}`);
      }
      return snapshotOfSpaceJson(res.body);
    },

    async createSpace(organizationId, space, on) {
      const body = { title: space.title, ...(space.templateId ? { template: { id: space.templateId } } : {}) };
      const res = await request<SpaceJson | undefined>('POST', `/v1/orgs/${encodeURIComponent(organizationId)}/spaces`, on, { body });
      if (res.status === 201 && res.body?.object === 'space') return snapshotOfSpaceJson(res.body);
      if (res.status >= 400 && res.status < 500) throw new HttpError(res.status, `The new space could not be created: ${errorMessage(res.body) ?? `content answered ${res.status}`}`);
      throw new HttpError(502, `The content service answered ${res.status} when asked to create a space`);
    },

    async withdrawSpace(spaceId, createdBy) {
      const asSites = { assertion: signServiceAssertion('sites', internalAuthSecret) };
      const res = await request('POST', `/internal/spaces/${encodeURIComponent(spaceId)}/withdraw`, asSites, { body: { createdBy } });
      if (res.status === 205) return true;
      if (res.status === 204) return false;
      throw new HttpError(502, `The content service answered ${res.status} when asked to withdraw space ${spaceId}`);
    },

    async gitInstallations(siteId, spaceIds, on) {
      const res = await request<GitInstallationsList>('POST', '/internal/git-installations', on, { body: { siteId, spaces: spaceIds } });
      if (res.status !== 200 || !res.body) throw new HttpError(502, `The content service answered ${res.status} when asked for the Git Sync installations of a site's spaces`);
      return res.body;
    },
  };
}

/** The message of content's `{error: {message}}`, if it sent one. */
function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = body.error;
  return typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string' ? error.message : undefined;
}

// A revision's pages and files (no markdown: asked page by page), and one page with where its links lead: content's contract.
export type { FormerPath, PublishedAlternates, PublishedLinkTarget, PublishedPageDocument, PublishedTree } from '@dp/contracts';

export interface PublishedFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * What the sites publisher reads of content (docs/adr/0040), as the sites service itself (its own service
 * assertion; content's internal endpoints accept only `sites`). Everything is addressed by revision id, so
 * each answer holds forever; undefined is content's 404 (deleted space, unknown revision, page or file).
 */
export interface PublishedContentApi {
  tree(spaceId: string, revisionId: string): Promise<PublishedTree | undefined>;
  page(spaceId: string, revisionId: string, pageId: string): Promise<PublishedPageDocument | undefined>;
  file(spaceId: string, revisionId: string, fileId: string): Promise<PublishedFile | undefined>;
  /** The page of the revision that once had `path` (docs/adr/0089); undefined: none. */
  formerPage(spaceId: string, revisionId: string, path: string): Promise<FormerPath | undefined>;
  /** Full-text search of the live content of these spaces (a site's search, docs/adr/0090). */
  search(body: SpacesSearchBody): Promise<SpacesSearchResults>;
  /** The page's other language versions (docs/adr/0105), in any revision; undefined: the space is gone. */
  alternates(spaceId: string, pageId: string): Promise<PublishedAlternates | undefined>;
}

export function publishedContentApi(contentUrl: string, internalAuthSecret: string): PublishedContentApi {
  const request = serviceClient(contentUrl, { serviceName: 'content' });
  const download = serviceDownload(contentUrl, { serviceName: 'content' });
  const asSites = () => ({ assertion: signServiceAssertion('sites', internalAuthSecret) });
  const revisionPath = (spaceId: string, revisionId: string) => `/internal/spaces/${encodeURIComponent(spaceId)}/revisions/${encodeURIComponent(revisionId)}`;
  async function json<T>(path: string): Promise<T | undefined> {
    const res = await request<T>('GET', path, asSites());
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw new HttpError(502, `The content service answered ${res.status} for ${path}`);
    return res.body;
  }
  return {
    tree: (spaceId, revisionId) => json<PublishedTree>(`${revisionPath(spaceId, revisionId)}/published-tree`),
    page: (spaceId, revisionId, pageId) => json<PublishedPageDocument>(`${revisionPath(spaceId, revisionId)}/published-pages/${encodeURIComponent(pageId)}`),
    async search(body) {
      const res = await request<SpacesSearchResults>('POST', '/internal/search', asSites(), { body });
      // A bad page token is the caller's 400; anything else from content is content's failure.
      if (res.status === 400) throw new HttpError(400, errorMessage(res.body) ?? 'bad search request');
      if (res.status !== 200) throw new HttpError(502, `The content service answered ${res.status} for a search`);
      return res.body;
    },
    formerPage: (spaceId, revisionId, path) => json<FormerPath>(`${revisionPath(spaceId, revisionId)}/former-paths?path=${encodeURIComponent(path)}`),
    alternates: (spaceId, pageId) => json<PublishedAlternates>(`/internal/spaces/${encodeURIComponent(spaceId)}/pages/${encodeURIComponent(pageId)}/alternates`),
    async file(spaceId, revisionId, fileId) {
      // Bytes, not JSON; unreachable or failing (5xx), content is a 503 as for every other call.
      const res = await download(`${revisionPath(spaceId, revisionId)}/published-files/${encodeURIComponent(fileId)}`, asSites());
      if (res.status === 404) return undefined;
      if (res.status !== 200) throw new HttpError(502, `The content service answered ${res.status} for file ${fileId}`);
      return { bytes: res.bytes, contentType: res.contentType };
    },
  };
}
