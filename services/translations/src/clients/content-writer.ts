import type { Official } from '@dp/contracts';
import type { OnBehalfOf, ServiceDownload, ServiceRequest } from '@dp/http';

/** A page of the source, flattened from content's tree in reading order, with its parent. */
export interface SourcePage {
  id: string;
  parent: string | null;
  type: 'document' | 'group';
  title: string;
  slug: string;
  markdown: string;
}

/** What the run reads of content's answers (GitBook's types: content's public API is GitBook's). */
type SourceSpace = Pick<Official.Space, 'id' | 'title' | 'revision' | 'organization'>;
type AuthoredContent = Pick<Official.ChangeRequestContentUpdate, 'changes' | 'insertedFiles'>;

/** A change of content's authoring API (`POST .../content` `{changes}`), as the run writes them. */
export type PageChange =
  | { operation: 'insert_page'; ref: string; title: string; slug: string; into?: string; document: { markdown: string } }
  | { operation: 'update_page'; page: string; title?: string; into?: string | null; document?: { markdown: string } }
  | { operation: 'delete_page'; page: string }
  | { operation: 'insert_files'; files: Array<{ name: string; contentType: string; base64: string }> };

/** A file of the source space, as content lists it. */
export type SourceFile = Pick<Official.RevisionFile, 'id' | 'name' | 'contentType'>;

/** What content's API answered that the run did not expect: the run fails with it. */
export class ContentCallError extends Error {}

/**
 * Content's public API as a translation run uses it, on behalf of the translation's creator (a signed
 * assertion without roles: content reads their current roles from identity): the source's pages, and the
 * result space written through one change request merged at the end (docs/adr/0045).
 */
export function contentWriter(request: ServiceRequest, download: ServiceDownload) {
  async function call<T>(method: string, path: string, on: OnBehalfOf, expected: number[], body?: unknown): Promise<T> {
    const res = await request<T>(method, path, on, body === undefined ? {} : { body });
    if (!expected.includes(res.status)) throw new ContentCallError(`content answered ${res.status} to ${method} ${path}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }
  return {
    space: (spaceId: string, on: OnBehalfOf) => call<SourceSpace>('GET', `/v1/spaces/${spaceId}`, on, [200]),

    async pages(spaceId: string, on: OnBehalfOf): Promise<SourcePage[]> {
      const { pages } = await call<{ pages: Official.RevisionPage[] }>('GET', `/v1/spaces/${spaceId}/content/pages`, on, [200]);
      const out: SourcePage[] = [];
      // Content's spaces hold documents and groups only: no links nor computed pages to translate.
      const walk = (list: Official.RevisionPage[], parent: string | null) => {
        for (const p of list) {
          if (p.type !== 'document' && p.type !== 'group') continue;
          out.push({ id: p.id, parent, type: p.type, title: p.title, slug: p.slug, markdown: markdownOf(p) });
          walk(p.pages, p.id);
        }
      };
      walk(pages, null);
      return out;
    },

    /** A space for a translation's result, in its language (Space.language). */
    createSpace: (organizationId: string, title: string, language: string, on: OnBehalfOf) =>
      call<Pick<Official.Space, 'id'>>('POST', `/v1/orgs/${organizationId}/spaces`, on, [201], { title, language }),

    openChangeRequest: (spaceId: string, subject: string, on: OnBehalfOf) => call<Pick<Official.ChangeRequest, 'id'>>('POST', `/v1/spaces/${spaceId}/change-requests`, on, [201], { subject }),

    /** Applies up to 50 changes; returns the ids of the pages created, by ref, and of the files inserted, in order. */
    async author(spaceId: string, changeRequestId: string, changes: PageChange[], on: OnBehalfOf): Promise<{ pages: Map<string, string>; files: string[] }> {
      const res = await call<AuthoredContent>(
        'POST',
        `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/content?compat=false`,
        on,
        [200],
        { changes },
      );
      return {
        pages: new Map(res.changes.flatMap((c) => (c.object === 'created_page' && c.ref ? [[c.ref, c.page.id] as const] : []))),
        files: (res.insertedFiles ?? []).map((f) => f.id),
      };
    },

    /** The files of the space's live revision. */
    async files(spaceId: string, on: OnBehalfOf): Promise<SourceFile[]> {
      const res = await call<{ items: SourceFile[] }>('GET', `/v1/spaces/${spaceId}/content/files?limit=1000`, on, [200]);
      return res.items;
    },

    /** A file's bytes, from the revision given. */
    async fileBytes(spaceId: string, revisionId: string, fileId: string, on: OnBehalfOf): Promise<Buffer> {
      const path = `/v1/spaces/${spaceId}/revisions/${revisionId}/files/${fileId}/download`;
      const res = await download(path, on);
      if (res.status !== 200) throw new ContentCallError(`content answered ${res.status} to GET ${path}`);
      return res.bytes;
    },

    merge: (spaceId: string, changeRequestId: string, on: OnBehalfOf) => call<unknown>('POST', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}/merge`, on, [200]),

    /** A change request left unmerged by a failed run is archived, so that nothing of it is merged later. */
    archive: (spaceId: string, changeRequestId: string, on: OnBehalfOf) => call<unknown>('PATCH', `/v1/spaces/${spaceId}/change-requests/${changeRequestId}`, on, [200], { status: 'archived' }),
  };
}

export type ContentWriter = ReturnType<typeof contentWriter>;

/** A page's markdown, when content gave it (GitBook's Document is `{markdown}`, `{document}` or another object). */
function markdownOf(page: Official.RevisionPageDocument | Official.RevisionPageGroup): string {
  return 'markdown' in page && typeof page.markdown === 'string' ? page.markdown : '';
}
