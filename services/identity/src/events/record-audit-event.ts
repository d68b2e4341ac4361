import type { EnvelopeHandler } from '@dp/bus';
import { eventTypes, type CloudEvent } from '@dp/events';
import type { Knex } from 'knex';
import { insertAuditEvent } from '../data/audit-events';
import { findUser } from '../data/users';
import { auditEntryOf, isAudited } from '../domain/audit';

/**
 * Every committed change of every context, as its event reaches identity's queue, recorded in its organization's
 * audit log (docs/adr/0095). An event of a rolled-back transaction never left its outbox: nothing is logged for it.
 * A user actor is labelled with their name at the time.
 */
async function record(event: CloudEvent, trx: Knex.Transaction): Promise<void> {
  const entry = auditEntryOf(event);
  if (!entry) return;
  const user = entry.actor_type === 'user' ? await findUser(trx, entry.actor_id) : undefined;
  await insertAuditEvent(trx, { ...entry, actor_label: user?.display_name ?? null });
}

export const auditHandlers = (): EnvelopeHandler[] => eventTypes.filter(isAudited).map((type) => ({ type, handle: (event, trx) => record(event, trx) }));
