/**
 * When an event that could not be delivered is tried again (docs/adr/0043). Pure, unit-tested.
 *
 * Exponential backoff with jitter: after attempt `n` failed, the next one comes `base * 2^(n-1)` later,
 * capped at `max`, each delay drawn between half and all of it, so that the retries of many events that
 * failed together (an endpoint down for a while) do not come back together.
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

export function retryDelayMs(failedAttempt: number, policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, failedAttempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** What an attempt's outcome leaves on the event: delivered, failed for good, or tried again at a time. */
export type AfterAttempt = { status: 'success' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };

export function afterAttempt(succeeded: boolean, attempt: number, policy: RetryPolicy, random: () => number = Math.random): AfterAttempt {
  if (succeeded) return { status: 'success' };
  if (attempt >= policy.maxAttempts) return { status: 'failed' };
  return { status: 'pending', retryInMs: retryDelayMs(attempt, policy, random) };
}
