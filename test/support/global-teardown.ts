import { sweepAfterRun } from '@dp/testing';

/** Removes what this run left, also when a test failed or timed out before its own cleanup. */
export default async function globalTeardown(): Promise<void> {
  const dropped = await sweepAfterRun().catch((err: Error) => console.warn(`[sweep] skipped: ${err.message}`));
  if (dropped && dropped.schemas.length + dropped.queues.length + dropped.exchanges.length) {
    console.log(`[sweep] removed what runs left: ${dropped.schemas.length} schemas, ${dropped.queues.length} queues, ${dropped.exchanges.length} exchanges`);
  }
}
