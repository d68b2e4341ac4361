import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findRevision, contentOf, type RevisionRow } from '../data/revisions';
import { mergeBase } from '../domain/change-request-status';
import { semanticChanges } from '../domain/revision/semantic-changes';
import { emptyContent } from '../domain/revision/types';
import { presentSemanticChanges } from '../presenters/semantic-changes';
import type { ContentLocation } from '../presenters/revision';
import { loadContent } from './load-content';
import { mergedFromOf } from './merged-from';

/** `before` against `after`, presented: the first `limit` changes and how many more. */
function compared(ctx: ContentContext, before: RevisionRow | undefined, after: RevisionRow, at: { before: ContentLocation; after: ContentLocation }, limit: number, mergedFrom?: object) {
  const changes = semanticChanges(before ? contentOf(before) : emptyContent(), contentOf(after));
  return presentSemanticChanges(changes, limit, at, ctx.links, mergedFrom);
}

/**
 * Official getRevisionSemanticChanges: what a revision changed against its first parent (main as it was before;
 * a merge's second parent is the change request's). The space's first revision is compared with an empty space.
 */
export async function revisionChanges(ctx: ContentContext, caller: Caller, params: { spaceId: string; revisionId: string }, limit: number) {
  const { space, revision, location } = await loadContent(ctx.db, caller, params);
  const parentId = revision.parents[0];
  const parent = parentId ? await findRevision(ctx.db, space.id, parentId) : undefined;
  const before = { spaceId: space.id, revisionId: parent?.id ?? revision.id, pinned: true };
  return compared(ctx, parent, revision, { before, after: location }, limit, await mergedFromOf(ctx, space, revision));
}

/**
 * Official getChangeRequestChanges: what a change request changes against the revision it branched from, or the
 * one main was at when it was last updated from main (its merge base): main's own later merges are not its changes.
 */
export async function changeRequestChanges(ctx: ContentContext, caller: Caller, params: { spaceId: string; changeRequestId: string }, limit: number) {
  const { space, changeRequest, revision, location } = await loadContent(ctx.db, caller, params);
  if (!changeRequest) throw notFound('Change request');
  const base = await findRevision(ctx.db, space.id, mergeBase(changeRequest));
  if (!base) throw notFound('Revision');
  return compared(ctx, base, revision, { before: { spaceId: space.id, revisionId: base.id, pinned: true }, after: location }, limit);
}
