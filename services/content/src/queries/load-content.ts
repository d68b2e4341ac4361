import type { Caller, Role } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { findChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import { findRevision, type RevisionRow } from '../data/revisions';
import type { SpaceRow } from '../data/spaces';
import type { ContentLocation } from '../presenters/revision';
import { loadAuthorizedSpace } from './load-space';

export interface LoadedContent {
  space: SpaceRow;
  role: Role;
  changeRequest?: ChangeRequestRow;
  revision: RevisionRow;
  location: ContentLocation;
}

/**
 * The content a read is about: the space's live revision, a change request's current one, or any revision of the
 * space by id (issue 26: the space exactly as it was then, pages since deleted included; revisions are immutable).
 */
export async function loadContent(db: Knex, caller: Caller, params: { spaceId: string; changeRequestId?: string; revisionId?: string }): Promise<LoadedContent> {
  const { space, role } = await loadAuthorizedSpace(db, caller, params.spaceId, 'view');
  let changeRequest: ChangeRequestRow | undefined;
  if (params.changeRequestId) {
    changeRequest = await findChangeRequest(db, space.id, params.changeRequestId);
    if (!changeRequest) throw notFound('Change request');
  }
  const revisionId = params.revisionId ?? changeRequest?.revision_id ?? space.revision_id;
  const revision = await findRevision(db, space.id, revisionId);
  if (!revision) throw notFound('Revision');
  return { space, role, changeRequest, revision, location: { spaceId: space.id, changeRequestId: changeRequest?.id, revisionId, pinned: params.revisionId !== undefined } };
}
