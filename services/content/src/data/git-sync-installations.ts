import type { Knex } from 'knex';

/** A space's Git Sync installation (docs/adr/0107): its provider, the repository and branch chosen, its sealed token. */
export interface GitSyncInstallationRow {
  id: string;
  organization_id: string;
  space_id: string;
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
  Pick<GitSyncInstallationRow, 'repository_id' | 'branch' | 'token_sealed' | 'custom_instance_url' | 'project_directory' | 'commit_message_template' | 'priority' | 'preview_external_branches'>
>;

export async function insertInstallation(db: Knex, row: Pick<GitSyncInstallationRow, 'id' | 'organization_id' | 'space_id' | 'provider' | 'created_by'>): Promise<GitSyncInstallationRow | undefined> {
  const [inserted] = await db<GitSyncInstallationRow>('git_sync_installations').insert(row).onConflict('space_id').ignore().returning('*');
  return inserted;
}

export const installationsOfSpaces = (db: Knex, spaceIds: readonly string[]) => db<GitSyncInstallationRow>('git_sync_installations').whereIn('space_id', spaceIds).orderBy('created_at');

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
