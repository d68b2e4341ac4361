import { newId } from '@dp/db';
import { isCatalogEvent, type CatalogEvent, type EventType } from '@dp/events';
import { componentOf, type ApiResponse } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

export type User = TestUser;

/**
 * Content's app with one organization and a member of each role comments care about (component level,
 * docs/testing.md): users content heard of through `identity.user.created`, their roles in the assertion.
 * Call it at the top of the test file.
 */
export function commentsComponent(label: string) {
  const api = componentOf(label, contentService);
  const fixtures = contentFixtures(api);
  const orgId = fixtures.orgId;
  const made = new Map<'admin' | 'commenter' | 'reader' | 'stranger', User>();
  beforeAll(async () => {
    made.set('admin', await fixtures.newUser('admin', 'admin'));
    made.set('commenter', await fixtures.newUser('commenter', 'comment'));
    made.set('reader', await fixtures.newUser('reader', 'read'));
    // Member of another organization only.
    made.set('stranger', await fixtures.newUser('stranger', 'admin', newId()));
  });
  const user = (name: 'admin' | 'commenter' | 'reader' | 'stranger'): User => {
    const found = made.get(name);
    if (!found) throw new Error(`commentsComponent: ${name} is made in beforeAll`);
    return found;
  };
  const users = {
    get owner() {
      return fixtures.owner;
    },
  };
  const call = (user: User, method: string, path: string, body?: unknown): Promise<ApiResponse> => api.call(method, path, { as: user.as, body });
  const newSpace = async (): Promise<{ id: string; revision: string }> => {
    const res = await call(users.owner, 'POST', `/v1/orgs/${orgId}/spaces`, { title: 'Docs' });
    if (res.status !== 201) throw new Error(`create space: ${res.status}`);
    return res.body;
  };
  const newChangeRequest = async (spaceId: string): Promise<{ id: string; number: number }> => {
    const res = await call(users.owner, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Review me' });
    if (res.status !== 201) throw new Error(`create change request: ${res.status}`);
    return res.body;
  };
  return {
    /** content's schema. */
    db: api.db,
    orgId,
    /** Admin of `orgId`. */
    get owner() {
      return users.owner;
    },
    get admin() {
      return user('admin');
    },
    get commenter() {
      return user('commenter');
    },
    get reader() {
      return user('reader');
    },
    get stranger() {
      return user('stranger');
    },
    call,
    newSpace,
    newChangeRequest,
    /** A space whose live content has one page, "Setup", of two paragraphs. */
    async spaceWithPage(): Promise<{ space: { id: string; revision: string }; pageId: string }> {
      const space = await newSpace();
      const cr = await newChangeRequest(space.id);
      const authored = await call(users.owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
        changes: [{ operation: 'insert_page', title: 'Setup', document: { markdown: 'Before you start.\n\nRun the installer, then restart.' } }],
      });
      if (authored.status !== 200) throw new Error(`author: ${authored.status}`);
      const merged = await call(users.owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
      if (merged.status !== 200) throw new Error(`merge: ${merged.status}`);
      return { space, pageId: authored.body.changes[0].page.id };
    },
    /** Events of `type` about `subject` (a space id) in content's outbox, oldest first. */
    async outbox<T extends EventType>(type: T, subject: string): Promise<Array<CatalogEvent<T>>> {
      return (await api.outbox(type)).filter((e): e is CatalogEvent<T> => isCatalogEvent(e, type) && e.subject === subject);
    },
  };
}
