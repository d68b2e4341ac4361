import type { Ability, Caller, Role } from '@dp/auth';
import type { Knex } from 'knex';
import { notFound } from '@dp/http';
import { findChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import type { CommentScope } from '../data/comments';
import type { SpaceRow } from '../data/spaces';
import { loadAuthorizedSpace } from './load-space';

/** Path parameters naming where comments live: a space, and optionally one of its change requests. */
export interface CommentPath {
  spaceId: string;
  changeRequestId?: string;
}

export interface LoadedCommentScope {
  space: SpaceRow;
  changeRequest?: ChangeRequestRow;
  role: Role;
  scope: CommentScope;
  /** The content comments of this scope are about now: the live revision, or the change request's. */
  revisionId: string;
}

/**
 * Loads and authorizes the space (and change request) of a comment path: 404 for a space the caller's
 * organizations do not own or an unknown change request, 403 when their role lacks `ability`. In a
 * transaction the space is locked FOR SHARE, as authoring does, so it is not deleted meanwhile; the change
 * request is not locked: a comment changes neither, and comments on one change request do not queue.
 */
export async function loadCommentScope(db: Knex, caller: Caller, path: CommentPath, ability: Ability): Promise<LoadedCommentScope> {
  const { space, role } = await loadAuthorizedSpace(db, caller, path.spaceId, ability, { shared: true });
  if (path.changeRequestId) {
    const cr = await findChangeRequest(db, space.id, path.changeRequestId);
    if (!cr) throw notFound('Change request');
    return { space, changeRequest: cr, role, scope: { spaceId: space.id, changeRequestId: cr.id }, revisionId: cr.revision_id };
  }
  return { space, role, scope: { spaceId: space.id, changeRequestId: null }, revisionId: space.revision_id };
}
