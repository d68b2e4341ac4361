import type { ContentContext } from '../context';
import { loadBlob, loadDocuments } from '../data/documents';
import { openImportChangeRequest, type GitSyncRunRow, type SpaceGitSyncRow } from '../data/git-sync';
import { contentOf, liveRevisionOf, type RevisionRow } from '../data/revisions';
import { documentHashesOf } from '../domain/revision/types';
import { findSpace } from '../data/spaces';
import { findUsers } from '../data/users';
import { exportSpace } from '../domain/git-sync/export-space';
import { DEFAULT_CONFIG } from '../domain/git-sync/gitbook-config';
import { GitSyncFormatError } from '../domain/git-sync/format-error';
import type { GitAuthor } from '../providers/git-repository';

/** What an export commits: the files of the space's live revision as GitBook lays them out, and by whom. */
export interface ExportFiles {
  revision: RevisionRow;
  files: Map<string, string | Buffer>;
  author: GitAuthor;
}

/** When the user who asked has no email here: the platform signs the commit. */
const PLATFORM_AUTHOR: GitAuthor = { name: 'Documentation platform', email: 'git-sync@docs-platform.invalid' };

/**
 * The files an export writes (docs/adr/0107): the live revision's pages and files, laid out as `.gitbook.yaml` of
 * the last import says (else GitBook's defaults), the assets' bytes counted against CONTENT_GIT_SYNC_MAX_TREE_BYTES.
 * While a change request an import opened is still open, the repository holds changes the space has not taken:
 * the export is refused until it is merged or archived.
 */
export async function exportFiles(ctx: ContentContext, run: GitSyncRunRow, sync: SpaceGitSyncRow | undefined): Promise<ExportFiles> {
  const space = await findSpace(ctx.db, run.space_id);
  if (!space || space.deleted_at) throw new GitSyncFormatError('the space was deleted');
  const pending = run.force ? undefined : await openImportChangeRequest(ctx.db, space.id);
  if (pending !== undefined) throw new GitSyncFormatError(`change request #${pending}, opened by an import when both the space and the repository had changed, is still open: merge or archive it first, or export with force`);
  const revision = await liveRevisionOf(ctx.db, space);
  const content = contentOf(revision);
  const documents = await loadDocuments(ctx.db, documentHashesOf(content));
  const { text, assets } = exportSpace({ ...content, documents, config: sync?.config ?? DEFAULT_CONFIG });
  const files = new Map<string, string | Buffer>(text);
  let bytes = [...text.values()].reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  for (const { path, file } of assets) {
    bytes += file.size;
    if (bytes > ctx.config.CONTENT_GIT_SYNC_MAX_TREE_BYTES) throw new GitSyncFormatError(`the space's pages and files are larger than the ${ctx.config.CONTENT_GIT_SYNC_MAX_TREE_BYTES} bytes an export writes (CONTENT_GIT_SYNC_MAX_TREE_BYTES)`);
    const blob = await loadBlob(ctx.db, file.blobHash);
    if (blob) files.set(path, blob.bytes);
  }
  const user = (await findUsers(ctx.db, [run.created_by])).get(run.created_by);
  return { revision, files, author: user?.email ? { name: user.display_name || user.email, email: user.email } : PLATFORM_AUTHOR };
}
