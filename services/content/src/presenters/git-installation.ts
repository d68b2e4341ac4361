import type { GitSyncInstallationJson } from '@dp/contracts';
import { iso, type Links } from '@dp/http';
import type { GitSyncInstallationRow } from '../data/git-sync-installations';
import type { InstallationStatus } from '../domain/git-sync/installation';

/** The official GitSyncInstallation of a space or a site (docs/adr/0115): never its token. */
export function presentInstallation(installation: GitSyncInstallationRow, status: InstallationStatus, links: Links): GitSyncInstallationJson {
  const branch = installation.branch ?? undefined;
  const providerConfiguration =
    installation.provider === 'github'
      ? { ...(installation.repository_id ? { repositoryId: Number(installation.repository_id) } : {}), ...(branch ? { branch } : {}) }
      : { ...(installation.repository_id ? { projectId: Number(installation.repository_id) } : {}), customInstanceURL: installation.custom_instance_url, ...(branch ? { branch } : {}) };
  return {
    object: 'git-sync-installation',
    id: installation.id,
    provider: installation.provider,
    providerConfiguration,
    ...(installation.project_directory !== null ? { projectDirectory: installation.project_directory } : {}),
    ...(installation.commit_message_template !== null ? { commitMessageTemplate: installation.commit_message_template } : {}),
    ...(installation.preview_external_branches !== null ? { previewExternalBranches: installation.preview_external_branches } : {}),
    ...(installation.priority !== null ? { priority: installation.priority } : {}),
    ...(installation.parent_installation_id ? { parentInstallationId: installation.parent_installation_id } : {}),
    target: installation.space_id
      ? { type: 'space', spaceId: installation.space_id, ...(installation.parent_installation_id && installation.site_id ? { siteId: installation.site_id } : {}) }
      : { type: 'site', siteId: installation.site_id! },
    status,
    createdAt: iso(installation.created_at)!,
    createdBy: installation.created_by,
    updatedAt: iso(installation.updated_at)!,
    urls: { location: links.api(`/git/installations/${installation.id}`) },
  };
}
