import type { Knex } from 'knex';

/**
 * Records that `consumer` handled `eventId`, in the same transaction as the handler's effect. Returns false
 * when it was already recorded: a redelivery, to be acknowledged without running the handler again.
 */
export async function recordInInbox(trx: Knex.Transaction, consumer: string, eventId: string, type: string): Promise<boolean> {
  const inserted = await trx('inbox')
    .insert({ event_id: eventId, consumer, type })
    .onConflict(['event_id', 'consumer'])
    .ignore()
    .returning('event_id');
  return inserted.length > 0;
}
