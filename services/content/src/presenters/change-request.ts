import { iso, type Links } from '@dp/http';
import { presentUserIn, type UserLike } from '@dp/presenters';
import type { ChangeRequestRow } from '../data/change-requests';
import type { PageOutcome } from '../domain/revision/apply-changes';
import { isOutdated } from '../domain/change-request-status';

/**
 * ChangeRequest JSON. `users` holds its author and merger (changeRequestUserIds); `liveRevisionId` is the
 * space's current main revision (for `outdated`); `openComments` its open (unresolved) comments.
 */
export function presentChangeRequest(cr: ChangeRequestRow, users: Map<string, UserLike>, liveRevisionId: string, openComments: number, links: Links) {
  const user = (id: string) => presentUserIn(users, id, links);
  return {
    object: 'change-request' as const,
    id: cr.id,
    number: cr.number,
    status: cr.status,
    subject: cr.subject,
    createdBy: user(cr.created_by),
    createdAt: iso(cr.created_at)!,
    updatedAt: iso(cr.updated_at)!,
    ...(cr.merged_by ? { mergedBy: user(cr.merged_by) } : {}),
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

/** The users a ChangeRequest JSON names: its author and, once merged, who merged it. */
export const changeRequestUserIds = (crs: ChangeRequestRow[]) => crs.flatMap((cr) => (cr.merged_by ? [cr.created_by, cr.merged_by] : [cr.created_by]));

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
