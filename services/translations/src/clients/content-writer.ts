import type { OnBehalfOf, ServiceRequest } from '@dp/http';

/** A page of the source, flattened from content's tree in reading order, with its parent. */
export interface SourcePage {
  id: string;
  parent: string | null;
  type: 'document' | 'group';
  title: string;
  slug: string;
  markdown: string;
}

interface TreePage {
  id: string;
  title: string;
  type: 'document' | 'group';
  slug: string;
  markdown?: string;
  pages?: TreePage[];
}

/** A change of content's authoring API (`POST .../content` `{changes}`), as the run writes them. */
export type PageChange =
  | { operation: 'insert_page'; ref: string; title: string; slug: string; into?: string; document: { markdown: string } }
  | { operation: 'update_page'; page: string; title?: string; into?: string | null; document?: { markdown: string } }
  | { operation: 'delete_page'; page: string };

/** What content's API answered that the run did not expect: the run fails with it. */
export class ContentCallError extends Error {}

/**
 * Content's public API as a translation run uses it, on behalf of the translation's creator (a signed
 * assertion without roles: content reads their current roles from identity): the source's pages, and the
 * result space written through one change request merged at the end (docs/adr/0045).
 */
export function contentWriter(request: ServiceRequest) {
  async function call<T>(method: string, path: string, on: OnBehalfOf, expected: number[], body?: unknown): Promise<T> {
    const res = await request<T>(method, path, on, body === undefined ? {} : { body });
    if (!expected.includes(res.status)) throw new ContentCallError(`content answered ${res.status} to ${method} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
  return {
    space: (spaceId: string, on: OnBehalfOf) => call<{ id: string; title: string; revision: string; organization: string }>('GET', `/v1/spaces/${spaceId}`, on, [200]),

    async pages(spaceId: string, on: OnBehalfOf): Promise<SourcePage[]> {
      const { pages } = await call<{ pages: TreePage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`, on, [200]);
      const out: SourcePage[] = [];
      const walk = (list: TreePage[], parent: string | null) => {
        for (const p of list) {
          out.push({ id: p.id, parent, type: p.type, title: p.title, slug: p.slug, markdown: p.markdown ?? '' });
          walk(p.pages ?? [], p.id);
        }
      };
      walk(pages, null);
      return out;
    },

    createSpace: (organizationId: string, title: string, on: OnBehalfOf) => call<{ id: string }>('POST', `/v1/orgs/${organizationId}/spaces`, on, [201], { title }),

    openChangeRequest: (spaceId: string, subject: string, on: OnBehalfOf) => call<{ id: string }>('POST', `/v1/spaces/${spaceId}/change-requests`, on, [201], { subject }),

    /** Applies up to 50 changes; returns the ids of the pages created, by ref. */
    async author(spaceId: string, changeRequestId: string, changes: PageChange[], on: OnBehalfOf): Promise<Map<string, string>> {
      const res = await call<{ changes: Array<{ object: string; ref?: string; page?: { id: string } }> }>('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content?compat=false`, on, [200], { changes });
      return new Map(res.changes.flatMap((c) => (c.object === 'created_page' && c.ref && c.page ? [[c.ref, c.page.id] as const] : [])));
    },

    merge: (spaceId: string, changeRequestId: string, on: OnBehalfOf) => call<unknown>('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`, on, [200]),

    /** A change request left unmerged by a failed run is archived, so that nothing of it is merged later. */
    archive: (spaceId: string, changeRequestId: string, on: OnBehalfOf) => call<unknown>('PATCH', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`, on, [200], { status: 'archived' }),
  };
}

export type ContentWriter = ReturnType<typeof contentWriter>;
