import { sweepAfterRun } from '@dp/testing';
import { stopSharedStacks } from './shared-stack';

/** Stops the run's shared stacks, and removes what this run left, also when a test failed or timed out before its own cleanup. */
export default async function globalTeardown(): Promise<void> {
  await stopSharedStacks().catch((err: Error) => console.warn(`[shared stack] not stopped: ${err.message}`));
  const dropped = await sweepAfterRun().catch((err: Error) => console.warn(`[sweep] skipped: ${err.message}`));
  if (dropped && dropped.schemas.length + dropped.queues.length + dropped.exchanges.length) {
    console.log(`[sweep] removed what runs left: ${dropped.schemas.length} schemas, ${dropped.queues.length} queues, ${dropped.exchanges.length} exchanges`);
  }
}
