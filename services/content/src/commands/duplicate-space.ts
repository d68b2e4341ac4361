import { authorize, requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { insertSpace, type SpaceRow } from '../data/spaces';
import { loadDocuments, storeDocuments } from '../data/documents';
import { contentOf, liveRevisionOf, insertRevision } from '../data/revisions';
import { duplicateContent } from '../domain/revision/duplicate';
import { documentHashesOf } from '../domain/revision/types';
import { versionedSnapshot } from './space-events';
import { loadAuthorizedSpace } from '../queries/load-space';
import { placeNewItem } from './placement';

/**
 * Copies a space: its settings and its live content (new page and file ids, same tree), into the same
 * collection, titled "<title> (copy)". Change requests and comments are not copied.
 */
export async function duplicateSpace(ctx: ContentContext, caller: Caller, spaceId: string): Promise<SpaceRow> {
  const userId = requireUser(caller);
  const { space: source } = await loadAuthorizedSpace(ctx.db, caller, spaceId, 'view');
  authorize(caller, source.organization_id, 'createContent', 'Organization');
  const revision = await liveRevisionOf(ctx.db, source);
  const content = contentOf(revision);
  const copy = duplicateContent(content, await loadDocuments(ctx.db, documentHashesOf(content)), () => newId());
  return ctx.db.transaction(async (trx) => {
    const { parentId, position } = await placeNewItem(trx, source.organization_id, source.parent_id);
    const revisionId = newId();
    const space = await insertSpace(trx, {
      id: newId(),
      organization_id: source.organization_id,
      title: `${source.title} (copy)`.slice(0, 50),
      emoji: source.emoji,
      edit_mode: source.edit_mode,
      parent_id: parentId,
      position,
      visibility: source.visibility,
      default_level: source.default_level,
      revision_id: revisionId,
      created_by: userId,
    });
    await storeDocuments(trx, copy.documents);
    await insertRevision(trx, { id: revisionId, space_id: space.id, parents: [], created_by: userId, content: copy.content });
    await ctx.emit(trx, ContentEvents.SPACE_CREATED, { space: await versionedSnapshot(trx, space) }, space.id);
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      { revisionId, spaceId: space.id, organizationId: space.organization_id, changeRequestId: null, live: true, parents: [], changedPages: copy.content.pages.map((p) => p.id) },
      space.id,
    );
    return space;
  });
}
