import { requireUser, type Caller } from '@dp/auth';
import { conflict, notFound } from '@dp/http';
import type { IntegrationsContext } from '../context';
import { findIntegrationEvent, requeueEvent, type IntegrationEventRow } from '../data/integration-events';
import { loadVisibleIntegration, requireOwnerAdmin } from '../queries/load-integration';

/**
 * A manual redelivery (docs/adr/0043): a delivered or failed event is due again, with a whole new schedule of
 * attempts; the trace says who asked. 409 while it is still in line. Admins of the owning organization only.
 */
export async function redeliverEvent(ctx: IntegrationsContext, caller: Caller, name: string, eventId: string): Promise<IntegrationEventRow> {
  const userId = requireUser(caller);
  const integration = await loadVisibleIntegration(ctx.db, caller, name);
  requireOwnerAdmin(integration, caller, 'redeliver its events');
  const event = await findIntegrationEvent(ctx.db, integration.id, eventId);
  if (!event) throw notFound('Integration event');
  const requeued = await requeueEvent(ctx.db, event.id, { message: `redelivery asked by user ${userId}`, level: 'info' });
  if (!requeued) throw conflict('The event is waiting for an attempt already');
  return requeued;
}
