import type { SpaceSnapshot } from '@dp/events';
import { HttpError, type OnBehalfOf, type ServiceRequest } from '@dp/http';


export interface ContentApi {
  /** The space as content sees it now, or undefined when it does not exist for this caller (content's 404). */
  fetchSpace(spaceId: string, on: OnBehalfOf): Promise<SpaceSnapshot | undefined>;
}

/**
 * Reads spaces from the content service's API (never its schema) with the caller's assertion, for when a
 * site space is added and the copy must be fresh. Content answers 404 both for unknown spaces and for
 * spaces of organizations the caller is not in.
 */
export function contentApi(request: ServiceRequest): ContentApi {
  return {
    async fetchSpace(spaceId, on) {
      const res = await request<Record<string, any>>('GET', `/v1/spaces/${encodeURIComponent(spaceId)}`, on);
      if (res.status === 404) return undefined;
      if (res.status !== 200 || !res.body || res.body.object !== 'space') {
        throw new HttpError(502, `The content service answered ${res.status} when asked for space ${spaceId}`);
      }
      return snapshotOfSpace(res.body);
    },
  };
}

/** Content's Space JSON as the snapshot its events carry (the shape the copy is kept in). */
export function snapshotOfSpace(space: Record<string, any>): SpaceSnapshot {
  return {
    id: space.id,
    organization: space.organization,
    title: space.title ?? '',
    emoji: space.emoji || null,
    visibility: space.visibility,
    editMode: space.editMode ?? 'live',
    parent: space.parent ?? null,
    defaultLevel: space.defaultLevel ?? 'inherit',
    revision: space.revision,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    deletedAt: space.deletedAt ?? null,
    counts: {
      comments: space.comments ?? 0,
      changeRequests: space.changeRequests ?? 0,
      changeRequestsOpen: space.changeRequestsOpen ?? 0,
      changeRequestsDraft: space.changeRequestsDraft ?? 0,
    },
  };
}
