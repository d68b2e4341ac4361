import { Router } from 'express';
import { authorize } from '@dp/auth';
import { notFound, presentPage, route } from '@dp/http';
import type { IdentityContext } from '../context';
import { findAuditEvent, listAuditEvents } from '../data/audit-events';
import { presentAuditActions, presentAuditEvent, presentAuditEventDetails } from '../presenters/audit-event';
import { auditEventParams, auditEventsQuery, organizationParams } from '../schemas/audit-events';

/** The official audit-log operations (docs/adr/0095): read-only, for the organization's admins. */
export function auditEventsRouter(ctx: IdentityContext): Router {
  const router = Router();
  const base = '/v1/orgs/:organizationId';

  router.get(`${base}/audit-events`, ...route({ params: organizationParams, query: auditEventsQuery }).handle(async (req, res) => {
    authorize(req.caller, req.params.organizationId, 'admin', 'Organization');
    const { from, to, action, actor, target, ...params } = req.query;
    const page = await listAuditEvents(ctx.db, req.params.organizationId, { from, to, action, actor, target }, params);
    res.json(presentPage(page, (row) => presentAuditEvent(row, ctx.links)));
  }));

  router.get(`${base}/audit-events/:auditEventId`, ...route({ params: auditEventParams }).handle(async (req, res) => {
    authorize(req.caller, req.params.organizationId, 'admin', 'Organization');
    const row = await findAuditEvent(ctx.db, req.params.organizationId, req.params.auditEventId);
    if (!row) throw notFound('Audit event');
    res.json(presentAuditEventDetails(row, ctx.links));
  }));

  router.get(`${base}/audit-event-actions`, ...route({ params: organizationParams }).handle(async (req, res) => {
    authorize(req.caller, req.params.organizationId, 'admin', 'Organization');
    res.json(presentAuditActions());
  }));

  return router;
}
