import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import type { ContentContext } from '../context';
import { insertSpace, type SpaceRow } from '../data/spaces';
import { insertRevision } from '../data/revisions';
import { spaceSnapshot } from '../presenters/space';
import { initialVisibility } from '../domain/collection-tree';
import { placeNewItem } from './placement';

export interface CreateSpaceInput {
  title?: string;
  emoji?: string;
  parent?: string;
  editMode?: 'live' | 'locked';
  template?: { id: string };
}

/** A member who may create content creates a space, with its first (empty) revision. */
export async function createSpace(ctx: ContentContext, caller: Caller, organizationId: string, input: CreateSpaceInput): Promise<SpaceRow> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(caller);
  // Templates arrive with the content-core slice; none exists yet, so any reference is unknown.
  if (input.template) throw badRequest(`body.template.id: template ${input.template.id} does not exist`);
  return ctx.db.transaction(async (trx) => {
    // In a collection of this organization (else 400) or at the top level; last among its siblings.
    const { parentId, position } = await placeNewItem(trx, organizationId, input.parent ?? null);
    const revisionId = newId();
    const space = await insertSpace(trx, {
      id: newId(),
      organization_id: organizationId,
      title: input.title ?? '',
      emoji: input.emoji ?? null,
      edit_mode: input.editMode ?? 'live',
      parent_id: parentId,
      position,
      visibility: initialVisibility(parentId),
      revision_id: revisionId,
      created_by: userId,
    });
    await insertRevision(trx, { id: revisionId, space_id: space.id, parents: [], created_by: userId });
    await ctx.emit(trx, ContentEvents.SPACE_CREATED, { space: spaceSnapshot(space) }, space.id);
    return space;
  });
}
