import { Router } from 'express';
import { HttpError, onBehalfOf, presentPage, route } from '@dp/http';
import type { ContentContext } from '../context';
import { findChangeRequest, listChangeRequests, type ChangeRequestRow } from '../data/change-requests';
import { countOpenChangeRequestComments } from '../data/comments';
import { findUsers } from '../data/users';
import { authorChangeRequest } from '../commands/author-change-request';
import { createChangeRequest } from '../commands/create-change-request';
import { editChangeRequest } from '../commands/edit-change-request';
import { ensureCallerKnown } from '../commands/ensure-user';
import { loadAuthorizedSpace } from '../queries/load-space';
import { mergeChangeRequest } from '../commands/merge-change-request';
import { updateChangeRequestFromMain } from '../commands/update-change-request-from-main';
import { changeRequestUserIds, presentChangeRequest, presentPageOutcome } from '../presenters/change-request';
import { presentFile } from '../presenters/revision';
import type { SpaceRow } from '../data/spaces';
import {
  authorContentBody,
  authorContentQuery,
  changeRequestParams,
  createChangeRequestBody,
  editChangeRequestBody,
  listChangeRequestsQuery,
} from '../schemas/change-requests';
import { spaceParams } from '../schemas/spaces';

export function changeRequestsRouter(ctx: ContentContext): Router {
  const router = Router();
  const base = '/v1/spaces/:spaceId/change-requests';
  const present = async (crs: ChangeRequestRow[], space: SpaceRow) => {
    const users = await findUsers(ctx.db, changeRequestUserIds(crs));
    const comments = await countOpenChangeRequestComments(ctx.db, crs.map((c) => c.id));
    return crs.map((cr) => presentChangeRequest(cr, users, space.revision_id, comments.get(cr.id) ?? 0, ctx.links));
  };

  router.get(base, ...route({ params: spaceParams, query: listChangeRequestsQuery }).handle(async (req, res) => {
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const page = await listChangeRequests(ctx.db, space.id, req.query);
    const items = await present(page.items, space);
    res.json(presentPage({ ...page, items }, (x) => x));
  }));

  router.post(base, ...route({ params: spaceParams, body: createChangeRequestBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const cr = await createChangeRequest(ctx, req.caller, req.params.spaceId, req.body);
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, cr.space_id, 'view');
    const [body] = await present([cr], space);
    res.status(201).location(body.urls.location).json(body);
  }));

  router.get(`${base}/:changeRequestId`, ...route({ params: changeRequestParams }).handle(async (req, res) => {
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, req.params.spaceId, 'view');
    const cr = await findChangeRequest(ctx.db, space.id, req.params.changeRequestId);
    if (!cr) throw new HttpError(404, 'Change request not found');
    res.json((await present([cr], space))[0]);
  }));

  router.patch(`${base}/:changeRequestId`, ...route({ params: changeRequestParams, body: editChangeRequestBody }).handle(async (req, res) => {
    const cr = await editChangeRequest(ctx, req.caller, req.params.spaceId, req.params.changeRequestId, req.body);
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, cr.space_id, 'view');
    res.json((await present([cr], space))[0]);
  }));

  router.post(`${base}/:changeRequestId/content`, ...route({ params: changeRequestParams, query: authorContentQuery, body: authorContentBody }).handle(async (req, res) => {
    await ensureCallerKnown(ctx, req.caller, onBehalfOf(req));
    const { cr, result } = await authorChangeRequest(ctx, req.caller, req.params.spaceId, req.params.changeRequestId, req.body.changes);
    const { space } = await loadAuthorizedSpace(ctx.db, req.caller, cr.space_id, 'view');
    const [changeRequest] = await present([cr], space);
    if (req.query.compat) {
      res.json(changeRequest);
      return;
    }
    const location = (pageId: string) => ctx.links.api(`/spaces/${space.id}/change-requests/${cr.id}/content/page/${pageId}`);
    res.json({
      changeRequest,
      changes: result.outcomes.map((o) => presentPageOutcome(o, location)),
      insertedFiles: result.insertedFiles.map((f) => presentFile(f, { spaceId: space.id, revisionId: cr.revision_id }, ctx.links)),
    });
  }));

  router.post(`${base}/:changeRequestId/merge`, ...route({ params: changeRequestParams }).handle(async (req, res) => {
    res.json(await mergeChangeRequest(ctx, req.caller, req.params.spaceId, req.params.changeRequestId));
  }));

  router.post(`${base}/:changeRequestId/update`, ...route({ params: changeRequestParams }).handle(async (req, res) => {
    res.json(await updateChangeRequestFromMain(ctx, req.caller, req.params.spaceId, req.params.changeRequestId));
  }));

  return router;
}
