import { ConfigError } from '@dp/config';

/** A failure the operator can act on: printed alone, exit code 1. */
export class AdminError extends Error {
  override name = 'AdminError';
}

/** One line saying what went wrong, for any error a command throws. */
export function explain(err: unknown): string {
  if (err instanceof AdminError || err instanceof ConfigError) return err.message;
  if (!(err instanceof Error)) return String(err);
  // PostgreSQL's "relation does not exist": the context's schema was never migrated (or is elsewhere).
  if ((err as { code?: string }).code === '42P01') return `${err.message} (is the schema migrated? see: npm run admin -- migrate --help)`;
  return err.message;
}

/** An error's message; node's connection errors (an AggregateError over each address) may only have a code. */
export function reason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: string }).code;
  return err.message || code || err.name;
}
