import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import type { ApiResponse, Component, ComponentCaller } from '@dp/testing';

/** A user content has heard of: their id, email, and the caller they are in a call (roles inline, as the gateway sends them). */
export type TestUser = { id: string; email: string; as: ComponentCaller };

let counter = 0;

/**
 * Users and an organization for content's own app. Content learns of users from `identity.user.created`
 * (fed to its handler here, as its worker does) and of roles from the gateway's assertion: the organization is
 * an id the callers' roles name, never asked of identity.
 */
export function contentFixtures(api: Component<unknown>) {
  const orgId = newId();
  async function newUser(name: string, role: Role = 'admin', org = orgId): Promise<TestUser> {
    const id = newId();
    const email = `${name}.${Date.now()}.${++counter}@example.com`;
    await api.handle(createEvent(IdentityEvents.USER_CREATED, { userId: id, email, displayName: name }, { source: 'identity', subject: id }));
    return { id, email, as: { user: id, roles: { [org]: role } } };
  }
  let owner: TestUser | undefined;
  const ownerAs = (): ComponentCaller => {
    if (!owner) throw new Error('contentFixtures: the owner is made in beforeAll');
    return owner.as;
  };
  // The owner (admin of orgId) is made once the app is up.
  beforeAll(async () => {
    owner = await newUser('owner');
  });
  const call = (method: string, path: string, body?: unknown): Promise<ApiResponse> => api.call(method, path, { as: ownerAs(), body });
  return {
    orgId,
    get owner(): TestUser {
      if (!owner) throw new Error('contentFixtures: the owner is made in beforeAll');
      return owner;
    },
    newUser,
    /** A call as the owner, admin of `orgId`. */
    call,
    /** Authors a change request with the official `{changes}` body (`?compat=false`: the official answer). */
    author: (spaceId: string, cr: string, changes: object[]) => call('POST', `/v1/spaces/${spaceId}/change-requests/${cr}/content?compat=false`, { changes }),
    /** A page of a change request in `format`. */
    pageIn: (spaceId: string, cr: string, pageId: string, format: 'markdown' | 'document') =>
      call('GET', `/v1/spaces/${spaceId}/change-requests/${cr}/content/page/${pageId}?format=${format}`),
  };
}
