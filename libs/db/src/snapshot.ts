import type { Knex } from 'knex';

/**
 * Runs several reads as of one moment: a read-only, repeatable-read transaction, so every statement sees the
 * same committed state. Use it where one answer is built from more than one query and a commit between them
 * (a worker's, in its own transaction) would otherwise mix the state before it with the state after it.
 */
export function inSnapshot<T>(db: Knex, read: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', readOnly: true });
}
