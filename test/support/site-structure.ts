import type { Knex } from 'knex';
import type { ApiResponse } from '@dp/testing';
import { sharedStack, type SharedStack } from './shared-stack';
import type { TestUser } from './stack-client';

/**
 * The cast of the site-structure tests (sections, section groups, site spaces): an owner (admin) of one
 * organization with a `read` member, a stranger with an organization of their own, and the calls they make.
 */
export interface StructureStack {
  stack: SharedStack;
  owner: TestUser;
  reader: TestUser;
  stranger: TestUser;
  orgId: string;
  strangerOrgId: string;
  /** The sites schema, to read the outbox. */
  db: Knex;
  call(method: string, path: string, body?: unknown, token?: string): Promise<ApiResponse>;
  /** Creates a space (201 expected); returns its id. */
  newSpace(title: string): Promise<string>;
  /** Creates a site with these spaces (201 expected); returns its id. */
  newSite(spaces?: string[], title?: string): Promise<string>;
  /** `/v1/orgs/<org>/sites/<siteId><rest>` */
  sitePath(siteId: string, rest?: string, org?: string): string;
  /** Every item of a list (one page of 1000). */
  items(path: string, token?: string): Promise<any[]>;
  /** Events about the site in the sites outbox, oldest first: `[type, data]`. */
  events(siteId: string, type?: string): Promise<Array<{ type: string; data: any }>>;
}

export async function bootStructureStack(): Promise<StructureStack> {
  const stack = await sharedStack();
  const [owner, reader, stranger] = await Promise.all(['owner', 'reader', 'stranger'].map((name) => stack.newUser(name)));
  const orgId = (await stack.newOrg(owner.token, 'Structured Docs')).id;
  const strangerOrgId = (await stack.newOrg(stranger.token, 'Elsewhere')).id;
  await stack.addMember(owner.token, orgId, reader.email, 'read');
  await stack.joined(reader.token, orgId);
  const db = stack.schemaDb('sites');
  const call: StructureStack['call'] = (method, path, body, token = owner.token) => stack.call(method, path, { token, body });
  const sitePath: StructureStack['sitePath'] = (siteId, rest = '', org = orgId) => `/v1/orgs/${org}/sites/${siteId}${rest}`;
  return {
    stack,
    owner,
    reader,
    stranger,
    orgId,
    strangerOrgId,
    db,
    call,
    sitePath,
    async newSpace(title) {
      const res = await call('POST', `/v1/orgs/${orgId}/spaces`, { title });
      if (res.status !== 201) throw new Error(`space: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    async newSite(spaces = [], title = 'Docs site') {
      const res = await call('POST', `/v1/orgs/${orgId}/sites`, { title, spaces });
      if (res.status !== 201) throw new Error(`site: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    async items(path, token = owner.token) {
      const res = await call('GET', `${path}${path.includes('?') ? '&' : '?'}limit=1000`, undefined, token);
      if (res.status !== 200) throw new Error(`list ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.items;
    },
    async events(siteId, type) {
      const rows = await db('outbox').whereRaw(`event->>'subject' = ?`, [siteId]).modify((q) => (type ? q.where({ type }) : q)).orderBy('seq');
      return rows.map((r: { type: string; event: { data: unknown } }) => ({ type: r.type, data: r.event.data }));
    },
  };
}
