import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { isCatalogEvent, type CatalogEvent, type EventType } from '@dp/events';
import { componentOf, type ApiResponse, type ComponentCaller } from '@dp/testing';
import { contentService } from '../../src';
import { contentFixtures, type TestUser } from './fixtures';

export type User = TestUser;

/**
 * Content's app with two organizations of one owner, a reader and a creator in the first, and a stranger with an
 * organization of their own: the cast of the collection and space-placement tests (component level,
 * docs/testing.md). Organizations are ids the callers' roles name; a membership is a role set on the user.
 * Call it at the top of the test file.
 */
export function twoOrganizations(label: string) {
  const api = componentOf(label, contentService);
  const fixtures = contentFixtures(api);
  const orgId = fixtures.orgId;
  const otherOrgId = newId();
  const made = new Map<'reader' | 'creator' | 'stranger', User>();
  beforeAll(async () => {
    fixtures.owner.roles[otherOrgId] = 'admin';
    made.set('reader', await fixtures.newUser('reader', 'read'));
    made.set('creator', await fixtures.newUser('creator', 'create'));
    made.set('stranger', await fixtures.newUser('stranger', 'admin', newId()));
  });
  const user = (name: 'reader' | 'creator' | 'stranger'): User => {
    const found = made.get(name);
    if (!found) throw new Error(`twoOrganizations: ${name} is made in beforeAll`);
    return found;
  };
  const call = (method: string, path: string, as: ComponentCaller, body?: unknown): Promise<ApiResponse> => api.call(method, path, { as, body });
  const created = async (path: string, body: object, as: ComponentCaller) => {
    const res = await call('POST', path, as, body);
    expect(res.status).toBe(201);
    return res.body;
  };
  return {
    db: api.db,
    orgId,
    otherOrgId,
    /** Admin of both organizations. */
    get owner() {
      return fixtures.owner;
    },
    /** `read` and `create` members of the first one. */
    get reader() {
      return user('reader');
    },
    get creator() {
      return user('creator');
    },
    /** Member of another organization only. */
    get stranger() {
      return user('stranger');
    },
    call,
    /** A new organization of `admin`'s (identity would have made it). */
    newOrg(admin: User): { id: string } {
      const id = newId();
      admin.roles[id] = 'admin';
      return { id };
    },
    /** `user` becomes a member of `org` with `role`. */
    addMember(org: string, member: User, role: Role): void {
      member.roles[org] = role;
    },
    /** Creates (201 expected) a collection or a space, by default the owner's in the first organization. */
    createCollection: (body: object = {}, org = orgId, as: ComponentCaller = fixtures.owner.as) => created(`/v1/orgs/${org}/collections`, body, as),
    createSpace: (body: object = {}, org = orgId, as: ComponentCaller = fixtures.owner.as) => created(`/v1/orgs/${org}/spaces`, body, as),
    /** Ids of the spaces a collection lists. */
    async spaceIdsIn(collectionId: string): Promise<string[]> {
      const res = await call('GET', `/v1/collections/${collectionId}/spaces?limit=1000`, fixtures.owner.as);
      expect(res.status).toBe(200);
      return res.body.items.map((s: { id: string }) => s.id);
    },
    /** Events of `type` about `subject` in content's outbox, oldest first. */
    async contentOutbox<T extends EventType>(type: T, subject: string): Promise<Array<{ event: CatalogEvent<T> }>> {
      const events = (await api.outbox(type)).filter((e): e is CatalogEvent<T> => isCatalogEvent(e, type) && e.subject === subject);
      return events.map((event) => ({ event }));
    },
  };
}
