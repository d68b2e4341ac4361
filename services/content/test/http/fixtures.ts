import type { Role } from '@dp/auth';
import { newId } from '@dp/db';
import { createEvent, IdentityEvents } from '@dp/events';
import type { ApiResponse, Component, ComponentCaller, IdentityStandIn } from '@dp/testing';

/**
 * A user content has heard of: their id, email, roles per organization, and the caller they are in a call (those
 * roles inline, as the gateway sends them). Each call signs `roles` as they are then: a role granted by setting it
 * counts on the next call, as a membership made in identity does through the gateway.
 */
export type TestUser = { id: string; email: string; roles: Record<string, Role>; as: ComponentCaller };

let counter = 0;

/**
 * Users and an organization for content's own app. Content learns of users from `identity.user.created`
 * (fed to its handler here, as its worker does) and of roles from the gateway's assertion: the organization is
 * an id the callers' roles name. Where content asks identity itself (a Git Sync run checking who asked, grants),
 * `identity` is the stand-in it asks: the users of `orgId` are its members with their roles.
 */
export function contentFixtures(api: Component<unknown>, identity?: IdentityStandIn) {
  const orgId = newId();
  async function newUser(name: string, role: Role = 'admin', org = orgId): Promise<TestUser> {
    const id = newId();
    const email = `${name}.${Date.now()}.${++counter}@example.com`;
    await api.handle(createEvent(IdentityEvents.USER_CREATED, { userId: id, email, displayName: name }, { source: 'identity', subject: id }));
    if (identity && org === orgId) {
      identity.members.add(id);
      identity.orgRoles.set(id, role);
    }
    const roles: Record<string, Role> = { [org]: role };
    return { id, email, roles, as: { user: id, roles } };
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
