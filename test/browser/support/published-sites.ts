import { SignJWT } from 'jose';
import { eventually } from '@dp/testing';
import { sharedStack } from '../../support/shared-stack';
import type { StackClient, TestUser } from '../../support/stack-client';

/** A page to author: `ref` names it for `into` and links (`[x](./ref.md)` works by path too). */
export interface PageSpec {
  ref: string;
  title: string;
  markdown: string;
  into?: string;
}

export interface ReaderStack {
  stack: StackClient;
  owner: TestUser;
  orgId: string;
  /** A space with these pages (and files) merged into its live content; returns its id and the inserted files' ids. */
  newSpace(title: string, pages: PageSpec[], files?: Array<{ name: string; contentType: string; base64: string }>): Promise<{ spaceId: string; fileIds: string[] }>;
  /** A site showing these spaces; returns the official Site. */
  newSite(title: string, spaceIds: string[], visibility?: 'public' | 'unlisted' | 'share-link' | 'visitor-auth'): Promise<{ id: string }>;
  /** Calls the API as the owner (any non-2xx fails the test with the body). */
  api(method: string, path: string, body?: unknown): Promise<any>;
  sitePath(siteId: string, rest?: string): string;
  /** Publishes the site and waits until the publisher answers something else than 404 at its published URL. */
  publish(siteId: string): Promise<string>;
}

export async function bootReaderStack(): Promise<ReaderStack> {
  const stack = await sharedStack();
  const owner = await stack.newUser('reader-owner');
  const orgId = (await stack.newOrg(owner.token, 'Readers Inc')).id;
  const api: ReaderStack['api'] = async (method, path, body) => {
    const res = await stack.call(method, path, { token: owner.token, body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const sitePath: ReaderStack['sitePath'] = (siteId, rest = '') => `/v1/orgs/${orgId}/sites/${siteId}${rest}`;
  return {
    stack,
    owner,
    orgId,
    api,
    sitePath,
    async newSpace(title, pages, files = []) {
      const space = await api('POST', `/v1/orgs/${orgId}/spaces`, { title });
      const cr = await api('POST', `/v1/spaces/${space.id}/change-requests`, { subject: `Seed ${title}` });
      const changes = [
        ...(files.length ? [{ operation: 'insert_files', files }] : []),
        ...pages.map((p) => ({ operation: 'insert_page', ref: p.ref, title: p.title, ...(p.into ? { into: p.into } : {}), document: { markdown: p.markdown } })),
      ];
      const authored = await api('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, { changes });
      await api('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
      return { spaceId: space.id, fileIds: authored.insertedFiles.map((f: { id: string }) => f.id) };
    },
    newSite: (title, spaceIds, visibility = 'public') => api('POST', `/v1/orgs/${orgId}/sites`, { title, spaces: spaceIds, visibility }),
    async publish(siteId) {
      const site = await api('POST', sitePath(siteId, '/publish'));
      const url: string = site.urls.published;
      await eventually(async () => (await fetch(url, { redirect: 'manual' })).status !== 404, 5_000);
      return url;
    },
  };
}

/** A visitor token as a site's backend makes one: HS256 with the site's key, expiring in `expiresIn` seconds (negative: already expired). */
export function signVisitorToken(privateKey: string, claims: Record<string, unknown>, expiresIn = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(new TextEncoder().encode(privateKey));
}

/** A 16×16 red PNG, for a page image. */
export const TINY_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGO4o6FBEmIY1TCqYfhqAAAyBCwQhvh37QAAAABJRU5ErkJggg==';
