import { sweepBeforeRun } from '@dp/testing';

/** Names this run's resources after it, and removes what runs that died left on the shared servers. */
export default async function globalSetup(): Promise<void> {
  const dropped = await sweepBeforeRun().catch((err: Error) => console.warn(`[sweep] skipped: ${err.message}`));
  if (dropped && dropped.schemas.length + dropped.queues.length + dropped.exchanges.length) {
    console.log(`[sweep] removed leftovers of dead runs: ${dropped.schemas.length} schemas, ${dropped.queues.length} queues, ${dropped.exchanges.length} exchanges`);
  }
}
