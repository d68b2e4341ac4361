import type { Knex } from 'knex';
import type { ApiResponse } from '@dp/testing';
import { sharedStack, type SharedStack } from './shared-stack';
import type { TestUser } from './stack-client';

export type User = TestUser;

export interface CommentsStack {
  stack: SharedStack;
  /** content's schema, for its outbox. */
  db: Knex;
  orgId: string;
  /** Admin of `orgId` (its creator). */
  owner: User;
  /** Members of `orgId` with the roles their names say. */
  admin: User;
  commenter: User;
  reader: User;
  /** Member of another organization only. */
  stranger: User;
  call(user: User, method: string, path: string, body?: unknown): Promise<ApiResponse>;
  newSpace(): Promise<{ id: string; revision: string }>;
  /** A space whose live content has one page, "Setup", of two paragraphs. */
  spaceWithPage(): Promise<{ space: { id: string }; pageId: string }>;
  newChangeRequest(spaceId: string): Promise<{ id: string; number: number }>;
  /** Events of `type` about `subject` (a space id) in content's outbox, oldest first. */
  outbox(type: string, subject: string): Promise<Array<{ type: string; data: Record<string, unknown> }>>;
}

/** A stack (api processes only) with one organization and a member of each role comments care about. */
export async function bootCommentsStack(): Promise<CommentsStack> {
  const stack = await sharedStack();
  const [owner, admin, commenter, reader, stranger] = await Promise.all(['owner', 'admin', 'commenter', 'reader', 'stranger'].map((n) => stack.newUser(n)));
  const orgId = (await stack.newOrg(owner.token)).id;
  await stack.newOrg(stranger.token, 'Elsewhere');
  await stack.addMember(owner.token, orgId, admin.email, 'admin');
  await stack.addMember(owner.token, orgId, commenter.email, 'comment');
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  const db = stack.schemaDb('content');
  const call: CommentsStack['call'] = (user, method, path, body) => stack.call(method, path, { token: user.token, body });
  const newSpace = async () => {
    const res = await call(owner, 'POST', `/v1/orgs/${orgId}/spaces`, { title: 'Docs' });
    if (res.status !== 201) throw new Error(`create space: ${res.status}`);
    return res.body;
  };
  const newChangeRequest = async (spaceId: string) => {
    const res = await call(owner, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Review me' });
    if (res.status !== 201) throw new Error(`create change request: ${res.status}`);
    return res.body;
  };
  return {
    stack,
    db,
    orgId,
    owner,
    admin,
    commenter,
    reader,
    stranger,
    call,
    newSpace,
    newChangeRequest,
    async spaceWithPage() {
      const space = await newSpace();
      const cr = await newChangeRequest(space.id);
      const authored = await call(owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`, {
        changes: [{ operation: 'insert_page', title: 'Setup', document: { markdown: 'Before you start.\n\nRun the installer, then restart.' } }],
      });
      if (authored.status !== 200) throw new Error(`author: ${authored.status}`);
      const merged = await call(owner, 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
      if (merged.status !== 200) throw new Error(`merge: ${merged.status}`);
      return { space, pageId: authored.body.changes[0].page.id };
    },
    async outbox(type, subject) {
      const rows = await db('outbox').where({ type }).whereRaw(`event->>'subject' = ?`, [subject]).orderBy('seq').select('event');
      return rows.map((r: { event: { type: string; data: Record<string, unknown> } }) => r.event);
    },
  };
}
