import type { Knex } from 'knex';
import { requireUser, type Caller } from '@dp/auth';
import { newId } from '@dp/db';
import { ContentEvents } from '@dp/events';
import { badRequest } from '@dp/http';
import { fetchOutbound, OutboundError } from '@dp/outbound';
import type { ContentContext } from '../context';
import { addContributor, updateChangeRequest, type ChangeRequestRow } from '../data/change-requests';
import { loadDocuments, storeBlobs, storeDocuments } from '../data/documents';
import { contentOf, findRevision, insertRevision } from '../data/revisions';
import { officialDocumentError } from '../domain/revision/official-document';
import { applyChanges, type ApplyResult } from '../domain/revision/apply-changes';
import { MAX_FILE_BYTES, type ContentChange, type FileInput } from '../domain/revision/changes';
import { mergeBase } from '../domain/change-request-status';
import { ContentError, type RevisionContent } from '../domain/revision/types';
import { loadChangeRequest } from '../queries/load-change-request';

/**
 * Applies a batch of up to 50 changes to a change request as ONE new revision, all or nothing. The change
 * request row is locked for the whole transaction, so concurrent batches on it apply one after the other,
 * each on top of the previous: no update is lost.
 */
export async function authorChangeRequest(
  ctx: ContentContext,
  caller: Caller,
  spaceId: string,
  changeRequestId: string,
  changes: ContentChange[],
): Promise<{ cr: ChangeRequestRow; result: ApplyResult }> {
  const userId = requireUser(caller);
  if (changes.some((c) => c.operation === 'insert_files' && c.files.some((f) => f.url !== undefined))) {
    // Authorize before any outbound request, then fetch outside the transaction (no row lock held while waiting).
    await loadChangeRequest(ctx.db, caller, spaceId, changeRequestId, 'edit', { editable: true });
    changes = await fetchUrlFiles(ctx, changes);
  }
  return ctx.db.transaction(async (trx) => {
    const { space, cr } = await loadChangeRequest(trx, caller, spaceId, changeRequestId, 'edit', { shared: true, editable: true });
    const head = await findRevision(trx, space.id, cr.revision_id);
    if (!head) throw new Error(`revision ${cr.revision_id} of change request ${cr.id} is missing`);
    const revisions = await revisionsForReverts(ctx, space.id, cr, changes);
    const documents = await documentsForBlockReverts(trx, contentOf(head), revisions, changes);
    let result: ApplyResult;
    try {
      result = applyChanges(contentOf(head), changes, { now: new Date().toISOString(), newId: () => newId(), revisions, documents, checkDocument: officialDocumentError });
    } catch (err) {
      if (err instanceof ContentError) throw badRequest(err.message);
      throw err;
    }
    await storeDocuments(trx, result.documents, result.writtenDocuments);
    await storeBlobs(trx, result.blobs);
    const revision = await insertRevision(trx, {
      id: newId(),
      space_id: space.id,
      parents: [head.id],
      created_by: userId,
      type: 'edits',
      change_request_id: cr.id,
      content: result.content,
    });
    const updated = await updateChangeRequest(trx, cr.id, { revision_id: revision.id });
    await addContributor(trx, cr.id, userId);
    await ctx.emit(
      trx,
      ContentEvents.REVISION_CREATED,
      { revisionId: revision.id, spaceId: space.id, organizationId: space.organization_id, changeRequestId: cr.id, live: false, parents: revision.parents, changedPages: result.changedPageIds },
      space.id,
    );
    await ctx.emit(
      trx,
      ContentEvents.CHANGE_REQUEST_UPDATED,
      { changeRequestId: cr.id, spaceId: space.id, organizationId: space.organization_id, status: updated.status, changed: ['content'] },
      space.id,
    );
    return { cr: updated, result };
  });
}

/** `revert_page` targets: the change request's base, or a named revision of the same space. */
async function revisionsForReverts(ctx: ContentContext, spaceId: string, cr: ChangeRequestRow, changes: ContentChange[]): Promise<Map<string | undefined, RevisionContent>> {
  const out = new Map<string | undefined, RevisionContent>();
  const wanted = new Set(changes.filter((c) => c.operation === 'revert_page').map((c) => (c.operation === 'revert_page' ? c.revision : undefined)));
  for (const id of wanted) {
    const row = await findRevision(ctx.db, spaceId, id ?? mergeBase(cr));
    if (row) out.set(id, contentOf(row));
  }
  return out;
}

/** The markdown of the pages a `revert_page` with `block` works on, now and in the revision it names. */
async function documentsForBlockReverts(
  db: Knex,
  head: RevisionContent,
  revisions: Map<string | undefined, RevisionContent>,
  changes: ContentChange[],
): Promise<Map<string, string>> {
  const hashes = new Set<string>();
  for (const change of changes) {
    if (change.operation !== 'revert_page' || !change.block?.length) continue;
    for (const content of [head, revisions.get(change.revision)]) {
      const hash = content?.pages.find((p) => p.id === change.page)?.documentHash;
      if (hash) hashes.add(hash);
    }
  }
  return hashes.size ? loadDocuments(db, [...hashes]) : new Map();
}

const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+$/;
/** Bytes one authoring batch may fetch from URLs in all (each file is at most 1 MB). */
const MAX_BATCH_FETCH_BYTES = 20 * 1024 * 1024;

/**
 * Replaces every `url` file of the batch with the fetched bytes (`base64`) and a content type (the change's,
 * else the response's), so that the domain only ever sees bytes. A failed fetch is a 400 naming the change.
 * One file at a time: a batch may name up to 1,000 files of 1 MB, which must not all be in flight at once.
 */
async function fetchUrlFiles(ctx: ContentContext, changes: ContentChange[]): Promise<ContentChange[]> {
  const out: ContentChange[] = [];
  let total = 0;
  for (const [index, change] of changes.entries()) {
    if (change.operation !== 'insert_files' || !change.files.some((f) => f.url !== undefined)) {
      out.push(change);
      continue;
    }
    const files: FileInput[] = [];
    for (const [f, file] of change.files.entries()) {
      const fetched = await fetchFile(ctx, file, `body.changes[${index}] (insert_files) files[${f}]`);
      if (file.url !== undefined) total += Math.ceil(((fetched.base64?.length ?? 0) * 3) / 4);
      if (total > MAX_BATCH_FETCH_BYTES) throw badRequest(`body.changes[${index}]: the files fetched by this batch exceed ${MAX_BATCH_FETCH_BYTES / 1024 / 1024} MB; split it`);
      files.push(fetched);
    }
    out.push({ ...change, files });
  }
  return out;
}

async function fetchFile(ctx: ContentContext, file: FileInput, where: string): Promise<FileInput> {
  if (file.url === undefined) return file;
  if (file.base64 !== undefined) throw badRequest(`${where}: give either base64 or url, not both`);
  try {
    const res = await fetchOutbound(file.url, { allow: ctx.config.OUTBOUND_ALLOW, maxBytes: MAX_FILE_BYTES, timeoutMs: 15000 });
    const served = res.contentType?.split(';')[0].trim().toLowerCase();
    const contentType = file.contentType ?? (served && CONTENT_TYPE.test(served) ? served : 'application/octet-stream');
    const { url: _url, ...rest } = file;
    return { ...rest, contentType, base64: res.body.toString('base64') };
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    const reason = err.code === 'TOO_LARGE' ? 'the file is larger than 1 MB' : err.message;
    throw badRequest(`${where}: could not fetch ${file.url}: ${reason} (${err.code})`);
  }
}
