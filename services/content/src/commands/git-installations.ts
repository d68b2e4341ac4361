import type { Knex } from 'knex';
import { open, parseSecretsKey, requireUser, seal, type Asker } from '@dp/auth';
import { newId } from '@dp/db';
import { badRequest, conflict, HttpError, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { sitesApi } from '../clients/sites';
import { disconnectSpaceGitSync, findSpaceGitSync, queueSyncRun, upsertSpaceGitSync } from '../data/git-sync';
import { childInstallationsOf, deleteInstallation, findInstallation, insertInstallation, installationsOfSpaces, lockInstallation, siteInstallationOf, updateInstallation, type GitSyncInstallationRow, type InstallationSetup } from '../data/git-sync-installations';
import { authenticatedCloneUrl, firstSyncOf, installationStatus } from '../domain/git-sync/installation';
import { repositoryKey } from '../domain/git-sync/push-webhook';
import { GitHostError } from '../providers/git-host-error';
import { githubApi, gitlabApi, type GitHostApi, type HostRepository } from '../providers/git-hosts';
import { loadAuthorizedSpace } from '../queries/load-space';
import { requestedTarget } from './git-sync-remote';
import { applySiteStructure, readSiteStructure } from './git-site-structure';
import type { SiteConfig } from '../domain/git-sync/site-config';

/**
 * Git Sync installations (official `/git/installations`, docs/adr/0107): a provider installed on a space by one of
 * its admins, or on a site by one of the site's (docs/adr/0115), then set up with a repository and a branch. Once
 * both are chosen and a token reaches them, a space syncs with that repository (as an import or export would set
 * it) and the first sync its priority asks for is queued; a site reads its `gitbook-docs.yaml` and makes a space,
 * synced with its directory, for each space it names.
 */
const keyOf = (ctx: ContentContext) => parseSecretsKey(ctx.config.CONTENT_SECRETS_KEY, 'CONTENT_SECRETS_KEY');

export async function createInstallation(ctx: ContentContext, who: Asker, input: { provider: 'github' | 'gitlab'; target: { type: 'space' | 'site'; spaceId?: string; siteId?: string } }): Promise<GitSyncInstallationRow> {
  const userId = requireUser(who.caller);
  if (input.target.type === 'site') {
    if (!input.target.siteId) throw badRequest('body.target.siteId is required for a site target');
    if (input.target.spaceId !== undefined) throw badRequest('body.target.spaceId is for a space target');
    const siteId = input.target.siteId;
    const site = await sitesApi(ctx.services.sites).siteAccess(siteId, 'admin', who.on);
    const installation = await insertInstallation(ctx.db, { id: newId(), organization_id: site.organizationId, site_id: siteId, provider: input.provider, created_by: userId });
    if (!installation) throw conflict(`Site ${siteId} already has a Git Sync installation: update or remove it`);
    return installation;
  }
  if (input.target.siteId !== undefined) throw badRequest("body.target.siteId: a site's installation makes the installations of its spaces from its gitbook-docs.yaml; install on the site");
  if (!input.target.spaceId) throw badRequest('body.target.spaceId is required for a space target');
  const spaceId = input.target.spaceId;
  return ctx.db.transaction(async (trx) => {
    const { space } = await loadAuthorizedSpace(trx, who.caller, spaceId, 'admin');
    const installation = await insertInstallation(trx, { id: newId(), organization_id: space.organization_id, space_id: space.id, provider: input.provider, created_by: userId });
    if (!installation) throw conflict(`Space ${space.id} already has a Git Sync installation: update or remove it`);
    return installation;
  });
}

/**
 * The installation, for a caller with `ability` on its space, or on its site for a site's (404 for one who cannot
 * see it). One a site's installation manages is changed through the site's: set up or removed there.
 */
export async function authorizedInstallation(ctx: ContentContext, who: Asker, id: string, ability: 'view' | 'admin'): Promise<GitSyncInstallationRow> {
  const installation = await findInstallation(ctx.db, id);
  if (!installation) throw notFound('Git Sync installation');
  if (installation.space_id) await loadAuthorizedSpace(ctx.db, who.caller, installation.space_id, ability);
  else await sitesApi(ctx.services.sites).siteAccess(installation.site_id!, ability, who.on);
  return installation;
}

/**
 * The installations of `spaceIds` (a site's spaces, asked by sites on the caller's behalf) on the spaces the
 * caller may view, the others left out as if they had none; with `siteId`, the site's own installation and those
 * it manages first (sites has checked that the caller may view the site).
 */
export async function viewableInstallations(ctx: ContentContext, who: Asker, spaceIds: readonly string[], siteId?: string): Promise<GitSyncInstallationRow[]> {
  const site = siteId ? await siteInstallationOf(ctx.db, siteId) : undefined;
  const children = site ? await childInstallationsOf(ctx.db, site.id) : [];
  const listed = new Set([site?.id, ...children.map((c) => c.id)]);
  const installations = [...children, ...(await installationsOfSpaces(ctx.db, [...new Set(spaceIds)])).filter((i) => !listed.has(i.id))];
  const hidden = (err: unknown) => {
    if (err instanceof HttpError && (err.status === 403 || err.status === 404)) return false;
    throw err;
  };
  const viewable = await Promise.all(installations.map((i) => loadAuthorizedSpace(ctx.db, who.caller, i.space_id!, 'view').then(() => true, hidden)));
  return [...(site ? [site] : []), ...installations.filter((_, index) => viewable[index])];
}

/** The token an installation calls its provider with: its own, else (GitHub) the deployment's GITHUB_TOKEN. */
export function tokenOf(ctx: ContentContext, installation: Pick<GitSyncInstallationRow, 'provider' | 'token_sealed'>): string | undefined {
  if (installation.token_sealed) return open(keyOf(ctx), installation.token_sealed);
  return installation.provider === 'github' ? ctx.config.GITHUB_TOKEN || undefined : undefined;
}

export const statusOf = (ctx: ContentContext, installation: GitSyncInstallationRow) =>
  installationStatus({ hasToken: tokenOf(ctx, installation) !== undefined, repositoryId: installation.repository_id, branch: installation.branch });

/** The provider's API as the installation reaches it (a refusal to call one without a token says so). */
export function hostApiOf(ctx: ContentContext, installation: Pick<GitSyncInstallationRow, 'provider' | 'token_sealed' | 'custom_instance_url'>): GitHostApi {
  const token = tokenOf(ctx, installation);
  if (!token) throw badRequest(`This ${installation.provider} installation has no token: set providerConfiguration.accessToken${installation.provider === 'github' ? ' (or GITHUB_TOKEN on the deployment)' : ''}`);
  const options = { token, allow: ctx.config.OUTBOUND_ALLOW, timeoutMs: ctx.config.CONTENT_GIT_HOST_TIMEOUT_MS, maxBytes: 5 * 1024 * 1024 };
  return installation.provider === 'github' ? githubApi({ ...options, baseUrl: ctx.config.GITHUB_API_URL }) : gitlabApi({ ...options, baseUrl: installation.custom_instance_url ?? ctx.config.GITLAB_URL });
}

/** A provider's refusal as the caller's 400, naming what went wrong. */
export async function askHost<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof GitHostError) throw badRequest(err.message);
    throw err;
  }
}

export interface InstallationSetupInput {
  provider: 'github' | 'gitlab';
  providerConfiguration: { repositoryId?: number; projectId?: number; branch?: string; accessToken?: string; customInstanceURL?: string | null };
  projectDirectory?: string;
  commitMessageTemplate?: string;
  previewExternalBranches?: boolean;
  priority?: 'git' | 'gitbook';
}

export async function setupInstallation(ctx: ContentContext, who: Asker, id: string, input: InstallationSetupInput): Promise<GitSyncInstallationRow> {
  const userId = requireUser(who.caller);
  const current = await authorizedInstallation(ctx, who, id, 'admin');
  if (current.parent_installation_id) throw badRequest(`This installation is managed by the site's (${current.parent_installation_id}): set that one up, or change the site's gitbook-docs.yaml`);
  if (input.provider !== current.provider) throw badRequest(`body.provider: this installation is ${current.provider}'s, not ${input.provider}'s`);
  const config = input.providerConfiguration;
  const repositoryId = current.provider === 'github' ? config.repositoryId : config.projectId;
  const setup: InstallationSetup = {
    ...(repositoryId !== undefined ? { repository_id: String(repositoryId) } : {}),
    ...(config.branch !== undefined ? { branch: config.branch } : {}),
    ...(config.accessToken !== undefined ? { token_sealed: seal(keyOf(ctx), config.accessToken) } : {}),
    ...(config.customInstanceURL !== undefined ? { custom_instance_url: instanceUrl(current.provider, config.customInstanceURL) } : {}),
    ...(input.projectDirectory !== undefined ? { project_directory: input.projectDirectory } : {}),
    ...(input.commitMessageTemplate !== undefined ? { commit_message_template: input.commitMessageTemplate } : {}),
    ...(input.previewExternalBranches !== undefined ? { preview_external_branches: input.previewExternalBranches } : {}),
    ...(input.priority !== undefined ? { priority: input.priority } : {}),
  };
  const next = { ...current, ...setup };
  const token = tokenOf(ctx, next);
  // The repository and branch as its provider knows them, asked before anything is written (a refusal is a 400);
  // a site's structure too, from its gitbook-docs.yaml there.
  let repository: HostRepository | undefined;
  let structure: SiteConfig | undefined;
  if (token && next.repository_id && next.branch) {
    const api = hostApiOf(ctx, next);
    const branch = next.branch.slice('refs/heads/'.length);
    const found = await askHost(() => api.repository(Number(next.repository_id)));
    const branches = await askHost(() => api.branches(current.provider === 'github' ? found.fullName : String(found.id)));
    if (!branches.includes(branch)) throw badRequest(`body.providerConfiguration.branch: ${found.fullName} has no branch ${branch}`);
    repository = found;
    if (!current.space_id) structure = await askHost(() => readSiteStructure(api, next, found));
  }
  return ctx.db.transaction(async (trx) => {
    if (!(await lockInstallation(trx, id))) throw notFound('Git Sync installation');
    const saved = await updateInstallation(trx, id, { ...setup, ...(repository && !current.space_id ? { repository_key: repositoryKey(repository.cloneUrl) ?? null } : {}) });
    if (!repository || !token || !saved.branch) return saved;
    const clone = { url: authenticatedCloneUrl(repository.cloneUrl, saved.provider, token), fullName: repository.fullName, userId };
    if (structure) await applySiteStructure(ctx, trx, saved, structure, userId, (child) => connectSpace(ctx, trx, child, clone));
    else await connectSpace(ctx, trx, saved, clone);
    return saved;
  });
}

/**
 * A push to a site's branch: its gitbook-docs.yaml is read again and applied as the user who set the site up
 * (its spaces' imports are queued by their own syncs). A file the host refuses or that is malformed leaves the
 * site as it was, and says why in the log.
 */
export async function resyncSiteStructure(ctx: ContentContext, site: GitSyncInstallationRow): Promise<void> {
  const token = tokenOf(ctx, site);
  if (!token || !site.repository_id || !site.branch) return;
  try {
    const api = hostApiOf(ctx, site);
    const repository = await askHost(() => api.repository(Number(site.repository_id)));
    const structure = await askHost(() => readSiteStructure(api, site, repository));
    const clone = { url: authenticatedCloneUrl(repository.cloneUrl, site.provider, token), fullName: repository.fullName, userId: site.created_by };
    await ctx.db.transaction(async (trx) => {
      const locked = await lockInstallation(trx, site.id);
      if (locked) await applySiteStructure(ctx, trx, locked, structure, site.created_by, (child) => connectSpace(ctx, trx, child, clone));
    });
  } catch (err) {
    if (!(err instanceof HttpError && err.status < 500)) throw err;
    ctx.log.warn({ installationId: site.id, siteId: site.site_id, reason: err.message }, "a site's gitbook-docs.yaml could not be read again after a push: the site is unchanged");
  }
}

function instanceUrl(provider: 'github' | 'gitlab', url: string | null): string | null {
  if (url === null) return null;
  if (provider !== 'gitlab') throw badRequest('body.providerConfiguration.customInstanceURL is for GitLab installations; GitHub Enterprise Server is GITHUB_API_URL');
  if (!/^https?:\/\//i.test(url)) throw badRequest('body.providerConfiguration.customInstanceURL must be an http(s) URL');
  return url.replace(/\/+$/, '');
}

/** The space syncs with the installation's repository now; a space that never synced gets its first sync queued. */
async function connectSpace(ctx: ContentContext, trx: Knex.Transaction, installation: GitSyncInstallationRow, repository: { url: string; fullName: string; userId: string }): Promise<void> {
  const spaceId = installation.space_id!;
  const target = requestedTarget({ url: repository.url, ref: installation.branch ?? '', repoProjectDirectory: installation.project_directory ?? undefined, provider: installation.provider });
  const before = await findSpaceGitSync(trx, spaceId);
  const sync = await upsertSpaceGitSync(
    trx,
    {
      space_id: spaceId,
      organization_id: installation.organization_id,
      installation_id: installation.id,
      provider: installation.provider,
      repository_name: repository.fullName,
      repository_key: repositoryKey(target.url) ?? null,
      url_sealed: seal(keyOf(ctx), repository.url),
      ref: installation.branch ?? '',
      project_directory: target.projectDirectory,
      tree_url: null,
      commit_url: null,
      created_by: repository.userId,
    },
    { replaceInstallation: true },
  );
  const sameRepository = before?.repository_key === sync.repository_key && before?.ref === sync.ref && before?.project_directory === sync.project_directory;
  if (sameRepository && before?.synced_commit_id) return;
  await queueSyncRun(trx, sync, { direction: firstSyncOf(installation.priority), createdBy: repository.userId, commitMessage: 'Initial export from the documentation platform' });
}

/**
 * Removes the installation: its space syncs with no repository any more, its waiting runs are cancelled. A site's
 * takes the installations it manages with it; the spaces it made stay.
 */
export async function removeInstallation(ctx: ContentContext, who: Asker, id: string): Promise<void> {
  const installation = await authorizedInstallation(ctx, who, id, 'admin');
  if (installation.parent_installation_id) throw badRequest(`This installation is managed by the site's (${installation.parent_installation_id}): remove that one, or the space from the site's gitbook-docs.yaml`);
  await ctx.db.transaction((trx) => dropInstallation(trx, installation));
}

/** Deletes an installation (a site's with those it manages) in the caller's transaction; their spaces sync with nothing. */
export async function dropInstallation(trx: Knex.Transaction, installation: GitSyncInstallationRow): Promise<void> {
  const managed = installation.space_id ? [installation] : await childInstallationsOf(trx, installation.id);
  await deleteInstallation(trx, installation.id);
  for (const each of managed) {
    const sync = await findSpaceGitSync(trx, each.space_id!);
    if (sync?.installation_id === each.id) await disconnectSpaceGitSync(trx, each.space_id!);
  }
}
