import type { Knex } from 'knex';
import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { insertSpace, type SpaceRow } from '../data/spaces';
import { insertRevision } from '../data/revisions';
import { storeDocuments } from '../data/documents';
import { applyChanges } from '../domain/revision/apply-changes';
import { emptyContent } from '../domain/revision/types';
import { templateChanges } from '../domain/templates/template-changes';
import { templateOrFail } from './apply-template';
import { versionedSnapshot } from './space-events';
import { initialVisibility } from '../domain/collection-tree';
import { placeNewItem } from './placement';
import type { CreateSpaceBody } from '../schemas/spaces';

/** A member who may create content creates a space, with its first revision: empty, or a template's pages. */
export async function createSpace(ctx: ContentContext, caller: Caller, organizationId: string, input: CreateSpaceBody): Promise<SpaceRow> {
  authorize(caller, organizationId, 'createContent', 'Organization');
  const userId = requireUser(caller);
  // A template gives the first revision its pages (validated before anything is written).
  const now = new Date().toISOString();
  const initial = input.template
    ? applyChanges(emptyContent(), templateChanges(templateOrFail(input.template.id, 'body.template.id')), { now, newId: () => newId(), revisions: new Map() })
    : undefined;
  return ctx.db.transaction((trx) => insertNewSpace(ctx, trx, organizationId, userId, input, initial));
}

/**
 * A new space in the caller's transaction (for a command that makes spaces as part of more, e.g. a site's Git
 * Sync, docs/adr/0115): its row, its first revision (empty, or `initial`) and content.space.created.
 */
export async function insertNewSpace(ctx: ContentContext, trx: Knex.Transaction, organizationId: string, userId: string, input: CreateSpaceBody, initial?: ReturnType<typeof applyChanges>): Promise<SpaceRow> {
  // In a collection of this organization (else 400) or at the top level; last among its siblings.
  const { parentId, position } = await placeNewItem(trx, organizationId, input.parent ?? null);
  const revisionId = newId();
  const space = await insertSpace(trx, {
    id: newId(),
    organization_id: organizationId,
    title: input.title ?? '',
    emoji: input.emoji ?? null,
    edit_mode: input.editMode ?? 'live',
    language: input.language ?? null,
    parent_id: parentId,
    position,
    visibility: initialVisibility(parentId),
    revision_id: revisionId,
    created_by: userId,
  });
  if (initial) await storeDocuments(trx, initial.documents, initial.writtenDocuments);
  await insertRevision(trx, { id: revisionId, space_id: space.id, parents: [], created_by: userId, content: initial?.content });
  await ctx.emit(trx, ContentEvents.SPACE_CREATED, { space: await versionedSnapshot(trx, space) }, space.id);
  if (initial) {
    // Indexed for search like any other live revision.
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      { revisionId, spaceId: space.id, organizationId, changeRequestId: null, live: true, parents: [], changedPages: initial.changedPageIds },
      space.id,
    );
  }
  return space;
}
