import { requireUser, type Caller } from '@dp/auth';
import { ContentEvents } from '@dp/events';
import type { ContentContext } from '../context';
import { updateChangeRequest } from '../data/change-requests';
import { updateSpace } from '../data/spaces';
import { loadChangeRequest } from '../queries/load-change-request';
import { writeMergedRevision } from './merge-contents';
import { emitSpaceUpdated } from './space-events';
import { exportLiveChange } from './follow-live-change';
import { recordFormerPaths } from '../data/former-page-paths';
import { movedPages } from '../domain/revision/moved-pages';
import { currentReviews } from '../data/reviews';
import { isOutdated } from '../domain/change-request-status';
import { brokenMergeRules, effectiveMergeRules } from '../domain/merge-rules';
import { findOrganizationMergeRules } from '../data/organization-merge-rules';
import { HttpError } from '@dp/http';

/**
 * Merges a change request into main: a three-way merge of main and the change request against their last
 * common revision. The result becomes the space's live revision; a conflict refuses with 409, and so does a merge
 * that breaks the space's merge rules (its own or, where it inherits, its organization's; docs/adr/0103), naming them.
 */
export async function mergeChangeRequest(ctx: ContentContext, caller: Caller, spaceId: string, changeRequestId: string): Promise<{ revision: string; result: 'merge' }> {
  const userId = requireUser(caller);
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'merge', { editable: true });
    const inherited = space.merge_rules.type === 'inherit' ? await findOrganizationMergeRules(trx, space.organization_id) : undefined;
    const rules = effectiveMergeRules(space.merge_rules, inherited);
    const reviews = rules.type === 'none' ? [] : await currentReviews(trx, cr.id, cr.revision_id);
    const broken = brokenMergeRules(rules, { reviews, author: cr.created_by, subject: cr.subject, upToDate: !isOutdated(cr, space.revision_id), actor: userId });
    if (broken.length) throw new HttpError(409, `Change request #${cr.number} breaks the ${space.merge_rules.type === 'inherit' ? "organization's" : "space's"} merge rules: ${broken.join(', ')}`);
    const { revision, live } = await writeMergedRevision(ctx, trx, { space, cr, userId, into: 'main' });
    await updateSpace(trx, space.id, { revision_id: revision.id });
    await recordFormerPaths(trx, space.id, movedPages(live.pages, revision.pages));
    await updateChangeRequest(trx, cr.id, { status: 'merged', revision_merged: revision.id, merged_by: userId, merged_at: new Date() });
    await ctx.emit(trx, ContentEvents.CHANGE_REQUEST_MERGED, { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, revisionId: revision.id, mergedBy: userId }, space.id);
    await emitSpaceUpdated(ctx, trx, space.id);
    await exportLiveChange(ctx, trx, space, userId, { changeRequest: { number: cr.number, subject: cr.subject } });
    return { revision: revision.id, result: 'merge' as const };
  });
}
