import type { Knex } from 'knex';

/**
 * A Git Sync installation (docs/adr/0107): its provider, the repository and branch chosen, its sealed token. A
 * space's (`space_id`), or a site's (`site_id` alone, docs/adr/0115); a space's that a site's manages has both,
 * and its parent.
 */
export interface GitSyncInstallationRow {
  id: string;
  organization_id: string;
  space_id: string | null;
  site_id: string | null;
  parent_installation_id: string | null;
  /** A site's repository as push webhooks name it (repositoryKey); null for a space's, whose sync holds it. */
  repository_key: string | null;
  provider: 'github' | 'gitlab';
  repository_id: string | null;
  branch: string | null;
  token_sealed: string | null;
  custom_instance_url: string | null;
  project_directory: string | null;
  commit_message_template: string | null;
  priority: 'git' | 'gitbook' | null;
  preview_external_branches: boolean | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
}

export type InstallationSetup = Partial<
  Pick<GitSyncInstallationRow, 'repository_id' | 'branch' | 'token_sealed' | 'custom_instance_url' | 'project_directory' | 'commit_message_template' | 'priority' | 'preview_external_branches' | 'repository_key'>
>;

/** The installation, unless its space (or its site) has one already. */
export async function insertInstallation(
  db: Knex,
  row: Pick<GitSyncInstallationRow, 'id' | 'organization_id' | 'provider' | 'created_by'> & Partial<Pick<GitSyncInstallationRow, 'space_id' | 'site_id' | 'parent_installation_id'> & InstallationSetup>,
): Promise<GitSyncInstallationRow | undefined> {
  const [inserted] = await db<GitSyncInstallationRow>('git_sync_installations').insert(row).onConflict().ignore().returning('*');
  return inserted;
}

export const installationsOfSpaces = (db: Knex, spaceIds: readonly string[]) => db<GitSyncInstallationRow>('git_sync_installations').whereIn('space_id', spaceIds).orderBy('created_at');

/** A site's own installation (docs/adr/0115). */
export const siteInstallationOf = (db: Knex, siteId: string) => db<GitSyncInstallationRow>('git_sync_installations').where({ site_id: siteId }).whereNull('space_id').first();

/** The installations a site's manages, oldest first. */
export const childInstallationsOf = (db: Knex, parentId: string) => db<GitSyncInstallationRow>('git_sync_installations').where({ parent_installation_id: parentId }).orderBy('created_at');

/** The site installations that sync with a branch of one of these repositories (a push re-reads their gitbook-docs.yaml). */
export const siteInstallationsOfRepository = (db: Knex, repositoryKeys: readonly string[], branch: string) =>
  db<GitSyncInstallationRow>('git_sync_installations').whereNull('space_id').where({ branch }).whereIn('repository_key', repositoryKeys);

/** The spaces a site's installation made, by the key of their node in gitbook-docs.yaml. */
export async function keyedSpacesOf(db: Knex, installationId: string): Promise<Map<string, string>> {
  const rows: Array<{ key: string; space_id: string }> = await db('site_git_sync_spaces').where({ installation_id: installationId }).select('key', 'space_id');
  return new Map(rows.map((row) => [row.key, row.space_id]));
}

export async function keepKeyedSpace(db: Knex, installationId: string, key: string, spaceId: string): Promise<void> {
  await db('site_git_sync_spaces').insert({ installation_id: installationId, key, space_id: spaceId }).onConflict(['installation_id', 'key']).merge(['space_id']);
}

export const findInstallation = (db: Knex, id: string) => db<GitSyncInstallationRow>('git_sync_installations').where({ id }).first();

/** Locks the installation for a change of its setup. */
export const lockInstallation = (trx: Knex.Transaction, id: string) => trx<GitSyncInstallationRow>('git_sync_installations').where({ id }).forUpdate().first();

export async function updateInstallation(db: Knex, id: string, setup: InstallationSetup): Promise<GitSyncInstallationRow> {
  const [row] = await db<GitSyncInstallationRow>('git_sync_installations')
    .where({ id })
    .update({ ...setup, updated_at: db.fn.now() })
    .returning('*');
  return row;
}

export async function deleteInstallation(db: Knex, id: string): Promise<void> {
  await db('git_sync_installations').where({ id }).delete();
}

export async function forgetKeyedSpace(db: Knex, installationId: string, key: string): Promise<void> {
  await db('site_git_sync_spaces').where({ installation_id: installationId, key }).delete();
}
