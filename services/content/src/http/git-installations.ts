import { Router } from 'express';
import { askerOf, type Asker } from '@dp/auth';
import { gitInstallationsOfSpacesBody, gitInstallationsResponse, type GitInstallationsList } from '@dp/contracts';
import { badRequest, notFound, onBehalfOf, route } from '@dp/http';
import type { ContentContext } from '../context';
import { ensureCallerKnown } from '../commands/ensure-user';
import { askHost, authorizedInstallation, createInstallation, hostApiOf, removeInstallation, setupInstallation, statusOf, viewableInstallations } from '../commands/git-installations';
import type { GitSyncInstallationRow } from '../data/git-sync-installations';
import { presentInstallation } from '../presenters/git-installation';
import { createInstallationBody, githubRepoParams, gitlabProjectParams, installationParams, repositoryFileQuery, updateInstallationBody } from '../schemas/git-sync';

/**
 * Git Sync installations (official `/git/installations`, docs/adr/0107): installed on a space by its admins (on a
 * site by the site's, docs/adr/0115), read by whoever may view it; the provider look-ups (repositories, branches, a
 * file) use the installation's token, so only its admins may make them.
 */
export function gitInstallationsRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/git/installations';
  const present = (installation: GitSyncInstallationRow) => presentInstallation(installation, statusOf(ctx, installation), ctx.links);
  const ofProvider = async (who: Asker, id: string, provider: 'github' | 'gitlab') => {
    const installation = await authorizedInstallation(ctx, who, id, 'admin');
    if (installation.provider !== provider) throw badRequest(`This installation is ${installation.provider}'s: its look-ups are under /${installation.provider === 'github' ? 'github/repos' : 'gitlab/projects'}`);
    return hostApiOf(ctx, installation);
  };

  router.post(base, ...route({ body: createInstallationBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const installation = await createInstallation(ctx, askerOf(req), req.body);
    res.status(201).location(ctx.links.api(`/git/installations/${installation.id}`)).json(present(installation));
  }));

  router.get(`${base}/:installationId`, ...route({ params: installationParams }).handle(async (req, res) => {
    res.json(present(await authorizedInstallation(ctx, askerOf(req), req.params.installationId, 'view')));
  }));

  router.patch(`${base}/:installationId`, ...route({ params: installationParams, body: updateInstallationBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    res.json(present(await setupInstallation(ctx, askerOf(req), req.params.installationId, req.body)));
  }));

  router.delete(`${base}/:installationId`, ...route({ params: installationParams }).handle(async (req, res) => {
    await removeInstallation(ctx, askerOf(req), req.params.installationId);
    res.status(205).end();
  }));

  router.get(`${base}/:installationId/github/repos`, ...route({ params: installationParams }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'github');
    const items = await askHost(() => api.repositories());
    res.json({ items: items.map(({ cloneUrl: _url, ...repository }) => repository) });
  }));

  router.get(`${base}/:installationId/github/repos/:accountName/:repositoryName/branches`, ...route({ params: githubRepoParams }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'github');
    const names = await askHost(() => api.branches(`${req.params.accountName}/${req.params.repositoryName}`));
    res.json({ items: names.map((name) => ({ name, ref: `refs/heads/${name}` })) });
  }));

  router.get(`${base}/:installationId/github/repos/:accountName/:repositoryName/file`, ...route({ params: githubRepoParams, query: repositoryFileQuery }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'github');
    const file = await askHost(() => api.file(`${req.params.accountName}/${req.params.repositoryName}`, req.query.path, req.query.ref));
    if (!file) throw notFound('File');
    res.json(file);
  }));

  router.get(`${base}/:installationId/gitlab/projects`, ...route({ params: installationParams }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'gitlab');
    const items = await askHost(() => api.repositories());
    res.json({ items: items.map(({ cloneUrl: _url, ...project }) => project) });
  }));

  router.get(`${base}/:installationId/gitlab/projects/:projectId/branches`, ...route({ params: gitlabProjectParams }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'gitlab');
    const names = await askHost(() => api.branches(req.params.projectId));
    res.json({ items: names.map((name) => ({ name, ref: `refs/heads/${name}` })) });
  }));

  router.get(`${base}/:installationId/gitlab/projects/:projectId/file`, ...route({ params: gitlabProjectParams, query: repositoryFileQuery }).handle(async (req, res) => {
    const api = await ofProvider(askerOf(req), req.params.installationId, 'gitlab');
    const file = await askHost(() => api.file(req.params.projectId, req.query.path, req.query.ref));
    if (!file) throw notFound('File');
    res.json(file);
  }));

  // A site's installations (official listSiteGitSyncInstallations, served by sites): sites asks, on the caller's behalf.
  router.post('/internal/git-installations', ...route({ body: gitInstallationsOfSpacesBody, responses: { 200: gitInstallationsResponse } }).handle(async (req, res) => {
    res.json({ items: (await viewableInstallations(ctx, askerOf(req), req.body.spaces, req.body.siteId)).map(present) } satisfies GitInstallationsList);
  }));

  return router;
}
