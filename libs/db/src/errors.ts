/**
 * PostgreSQL's answer to a write that broke a constraint, by its SQLSTATE: the one way every service tells a
 * concurrent duplicate or a vanished reference from any other failure (and answers 409 instead of 500).
 */
const sqlState = (err: unknown): unknown => (typeof err === 'object' && err !== null ? Reflect.get(err, 'code') : undefined);

/** A unique index or constraint refused the row (23505). */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** A foreign key refused the row: what it references is gone (23503). */
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';
