import type { ApiResponse } from '@dp/testing';
import { bootStack, type TestStack, type TestUser } from './stack';

export type User = TestUser;

export interface TwoOrganizations {
  stack: TestStack;
  /** Admin of both organizations. */
  owner: User;
  /** `read` and `create` members of the first one. */
  reader: User;
  creator: User;
  /** Member of another organization only. */
  stranger: User;
  orgId: string;
  otherOrgId: string;
  call(method: string, path: string, token: string, body?: unknown): Promise<ApiResponse>;
  /** Creates (201 expected) a collection or a space, by default the owner's in the first organization. */
  createCollection(body?: object, org?: string, token?: string): Promise<any>;
  createSpace(body?: object, org?: string, token?: string): Promise<any>;
  /** Ids of the spaces a collection lists. */
  spaceIdsIn(collectionId: string): Promise<string[]>;
  /** Events of `type` about `subject` in content's outbox, oldest first. */
  contentOutbox(type: string, subject: string): Promise<Array<{ event: any }>>;
}

/**
 * A stack with two organizations owned by one user, a reader and a creator in the first, and a stranger
 * with an organization of their own: the cast of the collection and space-placement tests.
 */
export async function bootTwoOrganizations(label: string, titles: [string, string]): Promise<TwoOrganizations> {
  const stack = await bootStack(label);
  const [owner, reader, creator, stranger] = await Promise.all(['owner', 'reader', 'creator', 'stranger'].map((name) => stack.newUser(name)));
  const orgId = (await stack.newOrg(owner.token, titles[0])).id;
  const otherOrgId = (await stack.newOrg(owner.token, titles[1])).id;
  await stack.newOrg(stranger.token, 'Elsewhere');
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  await stack.addMember(owner.token, orgId, creator.email, 'create');
  const call: TwoOrganizations['call'] = (method, path, token, body) => stack.call(method, path, { token, body });
  const created = async (path: string, body: object, token: string) => {
    const res = await call('POST', path, token, body);
    expect(res.status).toBe(201);
    return res.body;
  };
  const db = stack.schemaDb('content');
  return {
    stack,
    owner,
    reader,
    creator,
    stranger,
    orgId,
    otherOrgId,
    call,
    createCollection: (body = {}, org = orgId, token = owner.token) => created(`/v1/orgs/${org}/collections`, body, token),
    createSpace: (body = {}, org = orgId, token = owner.token) => created(`/v1/orgs/${org}/spaces`, body, token),
    async spaceIdsIn(collectionId) {
      const res = await call('GET', `/v1/collections/${collectionId}/spaces?limit=1000`, owner.token);
      expect(res.status).toBe(200);
      return res.body.items.map((s: { id: string }) => s.id);
    },
    contentOutbox: (type, subject) => db.from('outbox').where({ type }).whereRaw(`event->>'subject' = ?`, [subject]).orderBy('seq').select('event'),
  };
}
