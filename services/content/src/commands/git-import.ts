import type { Knex } from 'knex';
import { newId } from '@dp/db';
import type { ContentContext } from '../context';
import { loadDocuments, storeBlobs, storeDocuments } from '../data/documents';
import { recordFormerPaths } from '../data/former-page-paths';
import { findSpaceGitSync, recordSynced, type GitSyncRunRow } from '../data/git-sync';
import { contentOf, findRevision, liveRevisionOf, insertRevision, type RevisionGitCommit, type RevisionRow } from '../data/revisions';
import { lockSpace, type SpaceRow } from '../data/spaces';
import { parseGitbookConfig } from '../domain/git-sync/gitbook-config';
import { importedContent, importedFiles, isAssetPath, type RepositoryAsset } from '../domain/git-sync/imported-content';
import { importSpace, redirectedPaths } from '../domain/git-sync/import-space';
import { readRepositoryPages } from '../domain/git-sync/layout';
import { importedIncludes, isIncludePath, readIncludeFile } from '../domain/git-sync/includes';
import { createdByPlatform } from '../domain/git-sync/run-state';
import { blobHashOf } from '../domain/revision/apply-changes';
import { changedPageIds } from '../domain/revision/diff';
import { documentHashesOf, type RevisionContent } from '../domain/revision/types';
import { proposeContent } from './create-change-request';
import { makeLiveRevision } from './live-revision';

/** A branch as read: its last commit and its files by path. */
export interface ReadBranch {
  commit: string;
  message: string;
  files: ReadonlyMap<string, Buffer>;
}

export interface ImportOutcome {
  revisionId: string | null;
  changeRequestId: string | null;
}

/** The synced directory's files (paths relative to it), its `.gitbook.yaml` and its pages read. */
export function readSyncedDirectory(branch: ReadBranch, directory: string) {
  const prefix = directory ? `${directory}/` : '';
  const within = new Map([...branch.files].filter(([path]) => path.startsWith(prefix)).map(([path, bytes]) => [path.slice(prefix.length), bytes]));
  const config = parseGitbookConfig(within.get('.gitbook.yaml')?.toString('utf8'));
  const text = new Map([...within].filter(([path]) => /\.md$/i.test(path)).map(([path, bytes]) => [path, bytes.toString('utf8')]));
  const pages = readRepositoryPages(text, config);
  const assets = [...within].filter(([path]) => isAssetPath(path, config)).map(([path, bytes]) => ({ path, bytes, size: bytes.length, blobHash: blobHashOf(bytes) }));
  const includes = [...text].filter(([path]) => isIncludePath(path, config)).map(([path, source]) => ({ path, ...readIncludeFile(path, source) }));
  return { config, pages, assets, includes };
}

/**
 * Writes what an import read (docs/adr/0107), in one transaction with the run's end (`finish`), so nothing is half
 * written. Where the space has not changed since the last sync (or never synced, or `force`), the repository's
 * content becomes the live content as one revision that names the commit. Where both changed, the repository's
 * content is proposed as a change request whose base is the last synced revision: merging it keeps the space's own
 * edits where they do not conflict, and nothing of either side is lost. `standalone` only stores the revision.
 */
export async function writeImport(
  ctx: ContentContext,
  run: GitSyncRunRow,
  branch: ReadBranch,
  read: ReturnType<typeof readSyncedDirectory>,
  finish: (trx: Knex.Transaction, outcome: ImportOutcome) => Promise<void>,
): Promise<ImportOutcome> {
  const git: RevisionGitCommit = { oid: branch.commit, message: branch.message.trim(), createdByService: createdByPlatform(branch.message), ref: run.ref };
  return ctx.db.transaction(async (trx) => {
    const space = await lockSpace(trx, run.space_id);
    if (!space || space.deleted_at) throw new Error('the space was deleted');
    const live = await liveRevisionOf(trx, space);
    const sync = run.standalone ? undefined : await findSpaceGitSync(trx, space.id);
    const synced = sync?.synced_revision_id ? await findRevision(trx, space.id, sync.synced_revision_id) : undefined;
    let outcome: ImportOutcome;
    if (sync?.synced_commit_id === branch.commit) {
      outcome = { revisionId: null, changeRequestId: null };
    } else {
      const conflict = !run.standalone && !run.force && synced !== undefined && synced.id !== live.id;
      const base = conflict ? synced : live;
      const next = importedRevisionContent(contentOf(base), await loadDocuments(trx, documentHashesOf(contentOf(base))), read);
      await storeDocuments(trx, next.documents);
      await storeBlobs(trx, newBlobs(contentOf(base), next.content, read.assets));
      if (run.standalone) {
        const revision = await insertRevision(trx, { id: newId(), space_id: space.id, parents: [live.id], created_by: run.created_by, type: 'edits', content: next.content, git });
        outcome = { revisionId: revision.id, changeRequestId: null };
      } else {
        // .gitbook.yaml's redirects: the published site sends a reader at such a path to its page.
        await recordFormerPaths(trx, space.id, next.redirects);
        outcome = conflict ? await proposeImport(ctx, trx, space, run, base, next.content, git, branch) : await importLive(ctx, trx, space, live, run, next.content, git);
        // What the import wrote (the live revision, else the proposed one) is the repository's commit.
        await recordSynced(trx, space.id, { revisionId: outcome.revisionId ?? live.id, commitId: branch.commit, config: read.config });
      }
    }
    await finish(trx, outcome);
    return outcome;
  });
}

/** `documents`: the base's markdown by hash, by which a page whose file git moved is recognized. */
function importedRevisionContent(base: RevisionContent, documents: ReadonlyMap<string, string>, read: ReturnType<typeof readSyncedDirectory>) {
  const files = importedFiles(base.files, read.assets, read.config, newId);
  const includes = importedIncludes(base.reusableContents, read.includes, read.config, newId);
  const existing = base.pages.map((page) => ({ ...page, markdown: page.documentHash ? documents.get(page.documentHash) : undefined }));
  const result = importSpace({ existing, imported: read.pages, assets: files.ids, includes: new Map(includes.map((i) => [i.path, i])), newId });
  const withIds = includes.map((include) => ({ ...include, markdown: result.includes.get(include.path) ?? include.markdown }));
  return { ...importedContent(base, result, files.files, new Date().toISOString(), withIds), redirects: redirectedPaths(read.config.redirects, result.paths) };
}

/** The bytes of the assets the space did not hold yet, by hash. */
function newBlobs(before: RevisionContent, after: RevisionContent, assets: ReadonlyArray<RepositoryAsset & { bytes: Buffer }>) {
  const known = new Set(before.files.map((f) => f.blobHash));
  const typeOf = new Map(after.files.map((f) => [f.blobHash, f.contentType]));
  return new Map(assets.filter((a) => !known.has(a.blobHash)).map((a) => [a.blobHash, { bytes: a.bytes, contentType: typeOf.get(a.blobHash) ?? 'application/octet-stream' }]));
}

/** The repository's content as the new live revision naming the commit; none when it is the live content already. */
async function importLive(ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow, live: RevisionRow, run: GitSyncRunRow, content: RevisionContent, git: RevisionGitCommit): Promise<ImportOutcome> {
  const changedPages = changedPageIds(contentOf(live), content);
  const unchanged = JSON.stringify([live.files, live.reusable_contents]) === JSON.stringify([content.files, content.reusableContents]);
  if (changedPages.length === 0 && unchanged) return { revisionId: null, changeRequestId: null };
  const revision = await makeLiveRevision(ctx, trx, space, live, { type: 'edits', content, userId: run.created_by, changedPages, git });
  return { revisionId: revision.id, changeRequestId: null };
}

/** Both sides changed: the repository's content as a change request from the last synced revision. */
async function proposeImport(ctx: ContentContext, trx: Knex.Transaction, space: SpaceRow, run: GitSyncRunRow, base: RevisionRow, content: RevisionContent, git: RevisionGitCommit, branch: ReadBranch): Promise<ImportOutcome> {
  const subject = `Git Sync: ${branch.message.split('\n')[0].slice(0, 200) || branch.commit.slice(0, 12)} (both the space and the repository changed)`;
  const { cr, revision } = await proposeContent(ctx, trx, space, { userId: run.created_by, subject, base, content, type: 'edits', git });
  ctx.log.info({ gitSyncRun: run.id, spaceId: space.id, changeRequestId: cr.id, commit: branch.commit }, 'git sync import: both sides changed, proposed as a change request');
  return { revisionId: revision.id, changeRequestId: cr.id };
}
