import { iso, type Links } from '@dp/http';
import { presentUser, type UserLike } from '@dp/presenters';
import type { ChangeRequestRow } from '../data/change-requests';
import type { PageOutcome } from '../domain/revision/apply-changes';
import { isOutdated } from '../domain/change-request-status';

/**
 * ChangeRequest JSON. `liveRevisionId` is the space's current main revision (for `outdated`); `openComments`
 * its open (unresolved) comments.
 */
export function presentChangeRequest(cr: ChangeRequestRow, createdBy: UserLike | undefined, liveRevisionId: string, openComments: number, links: Links) {
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: presentUser(createdBy ?? { id: cr.created_by, email: '', display_name: cr.created_by }, links),
    createdAt: iso(cr.created_at)!,
    updatedAt: iso(cr.updated_at)!,
    ...(cr.merged_at ? { mergedAt: iso(cr.merged_at) } : {}),
    space: cr.space_id,
    revision: cr.revision_id,
    revisionInitial: cr.revision_initial,
    ...(cr.revision_merged_ancestor ? { revisionMergedAncestor: cr.revision_merged_ancestor } : {}),
    ...(cr.revision_merged ? { revisionMerged: cr.revision_merged } : {}),
    comments: openComments,
    outdated: isOutdated(cr, liveRevisionId),
    urls: {
      app: links.app(`/s/${cr.space_id}/~/changes/${cr.number}`),
      location: links.api(`/spaces/${cr.space_id}/change-requests/${cr.id}`),
    },
  };
}

/**
 * One affected page of a content update (official ChangeRequestContentUpdateChange): a created or updated page
 * is a reference with the URL of its content (a created one echoes the caller's `ref`); a deleted page is its
 * id only, as it no longer has content.
 */
export function presentPageOutcome(outcome: PageOutcome, pageLocation: (pageId: string) => string) {
  const { object, page, ref } = outcome;
  if (object === 'deleted_page') return { object, page };
  const pageRef = { object: 'page' as const, id: page, urls: { location: pageLocation(page) } };
  return object === 'created_page' ? { object, ...(ref ? { ref } : {}), page: pageRef } : { object, page: pageRef };
}
