/**
 * A Git Sync installation's rules (docs/adr/0107), pure: its status, the URL git reaches its repository at, and
 * the first sync its priority asks for.
 */
export type InstallationStatus = 'unauthenticated' | 'pending' | 'active';

export function installationStatus(installation: { hasToken: boolean; repositoryId: string | null; branch: string | null }): InstallationStatus {
  if (!installation.hasToken) return 'unauthenticated';
  return installation.repositoryId && installation.branch ? 'active' : 'pending';
}

/** A repository's HTTPS clone URL with the installation's token in it, as GitHub and GitLab take one over HTTPS. */
export function authenticatedCloneUrl(cloneUrl: string, provider: 'github' | 'gitlab', token: string): string {
  const url = new URL(cloneUrl);
  url.username = provider === 'github' ? 'x-access-token' : 'oauth2';
  url.password = token;
  return url.toString();
}

/** `git`: the repository is the truth at first (an import); `gitbook`: the space is (an export). */
export const firstSyncOf = (priority: 'git' | 'gitbook' | null): 'import' | 'export' => (priority === 'gitbook' ? 'export' : 'import');
