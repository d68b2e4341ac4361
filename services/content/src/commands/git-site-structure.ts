import type { Knex } from 'knex';
import { newId } from '@dp/db';
import { ContentEvents, type SpaceSnapshot } from '@dp/events';
import { badRequest } from '@dp/http';
import type { ContentContext } from '../context';
import { disconnectSpaceGitSync, findSpaceGitSync } from '../data/git-sync';
import { childInstallationsOf, deleteInstallation, forgetKeyedSpace, insertInstallation, keepKeyedSpace, keyedSpacesOf, updateInstallation, type GitSyncInstallationRow } from '../data/git-sync-installations';
import { findSpace, updateSpace } from '../data/spaces';
import { GitSyncFormatError } from '../domain/git-sync/format-error';
import { normalizePath } from '../domain/git-sync/repository-paths';
import { parseSiteConfig, SITE_CONFIG_FILE, type SiteConfig } from '../domain/git-sync/site-config';
import type { GitHostApi, HostRepository } from '../providers/git-hosts';
import { insertNewSpace } from './create-space';
import { versionedSnapshot } from './space-events';

/**
 * A site's Git Sync (docs/adr/0115): its `gitbook-docs.yaml`, read at the installation's branch through the
 * provider's API, makes one space per space node (remembered by the node's key, so a renamed or moved node keeps
 * its space), each synced with its directory by an installation the site's manages; sites is told the structure.
 */

/** The site's gitbook-docs.yaml at its branch, parsed; a missing or malformed file is the caller's 400. */
export async function readSiteStructure(api: GitHostApi, site: GitSyncInstallationRow, repository: HostRepository): Promise<SiteConfig> {
  const directory = normalizePath(site.project_directory ?? '', 'projectDirectory');
  const path = directory ? `${directory}/${SITE_CONFIG_FILE}` : SITE_CONFIG_FILE;
  const branch = (site.branch ?? '').slice('refs/heads/'.length);
  const bytes = await api.fileBytes(site.provider === 'github' ? repository.fullName : String(repository.id), path, branch);
  if (!bytes) throw badRequest(`${repository.fullName} has no ${path} on ${branch}: a site's Git Sync reads the site's structure from it`);
  try {
    return parseSiteConfig(bytes.toString('utf8'), directory);
  } catch (err) {
    if (err instanceof GitSyncFormatError) throw badRequest(err.message);
    throw err;
  }
}

/**
 * Applies a site's structure in the caller's transaction: the spaces its nodes name (made when new, or when the
 * one made before was deleted; renamed with their node), an installation of the site's for each space node with a directory (set up as the
 * site's, reading that directory, and connected by `connect`), none for the others; installations and keys of
 * nodes no longer named go (their spaces stay). Then content.git-sync.site-structure-read tells sites.
 */
export async function applySiteStructure(
  ctx: ContentContext,
  trx: Knex.Transaction,
  site: GitSyncInstallationRow,
  config: SiteConfig,
  userId: string,
  connect: (child: GitSyncInstallationRow) => Promise<void>,
): Promise<void> {
  const keyed = await keyedSpacesOf(trx, site.id);
  const children = await childInstallationsOf(trx, site.id);
  const spaceIds = new Map<string, string>();
  const snapshots: SpaceSnapshot[] = [];
  const kept = new Set<string>();
  for (const node of config.nodes) {
    if (node.type !== 'space') continue;
    const known = keyed.get(node.key);
    let space = known ? await findSpace(trx, known) : undefined;
    const title = node.title.slice(0, 100);
    const renamed = !!space && !space.deleted_at && space.title !== title;
    if (!space || space.deleted_at) {
      space = await insertNewSpace(ctx, trx, site.organization_id, userId, { title });
      await keepKeyedSpace(trx, site.id, node.key, space.id);
    } else if (renamed) space = await updateSpace(trx, space.id, { title });
    const snapshot = await versionedSnapshot(trx, space);
    // The node renamed: its space follows, as a rename through the API would be announced.
    if (renamed) await ctx.emit(trx, ContentEvents.SPACE_UPDATED, { space: snapshot }, space.id);
    snapshots.push(snapshot);
    spaceIds.set(node.key, space.id);
    const child = children.find((c) => c.space_id === space.id);
    if (node.directory === null || node.directory === undefined) continue;
    const setup = {
      repository_id: site.repository_id,
      branch: site.branch,
      token_sealed: site.token_sealed,
      custom_instance_url: site.custom_instance_url,
      project_directory: node.directory,
      commit_message_template: site.commit_message_template,
      priority: site.priority,
      preview_external_branches: site.preview_external_branches,
    };
    const synced = child
      ? await updateInstallation(trx, child.id, setup)
      : await insertInstallation(trx, { id: newId(), organization_id: site.organization_id, space_id: space.id, site_id: site.site_id, parent_installation_id: site.id, provider: site.provider, created_by: userId, ...setup });
    if (!synced) throw badRequest(`space ${space.id} of node ${node.key} already has a Git Sync installation of its own: remove it first`);
    kept.add(synced.id);
    await connect(synced);
  }
  for (const child of children) if (!kept.has(child.id)) await dropChild(trx, child);
  for (const key of keyed.keys()) if (!spaceIds.has(key)) await forgetKeyedSpace(trx, site.id, key);

  const nodes = config.nodes
    // Sites has no external links (docs/adr/0115): they are not sent.
    .filter((node) => node.type !== 'external-link')
    .map(({ directory: _directory, ...node }) => ({ ...node, ...(node.type === 'space' ? { spaceId: spaceIds.get(node.key)! } : {}) }));
  await ctx.emit(trx, ContentEvents.GIT_SYNC_SITE_STRUCTURE_READ, { siteId: site.site_id!, organizationId: site.organization_id, installationId: site.id, createdBy: userId, title: config.title, nodes, spaces: snapshots }, site.site_id!);
}

/** An installation of the site's that no longer applies: its space syncs with nothing (and stays). */
async function dropChild(trx: Knex.Transaction, child: GitSyncInstallationRow): Promise<void> {
  await deleteInstallation(trx, child.id);
  const sync = await findSpaceGitSync(trx, child.space_id!);
  if (sync?.installation_id === child.id) await disconnectSpaceGitSync(trx, child.space_id!);
}
