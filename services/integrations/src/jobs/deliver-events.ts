import type { AppDeps, Job } from '@dp/runtime';
import type { IntegrationsConfig } from '../config';
import { claimDueEvents } from '../data/integration-events';
import { withinConcurrency } from '../domain/delivery-concurrency';
import { deliverEvent } from '../commands/deliver-event';
import { integrationRuntime } from '../delivery/integration-runtime';

/** Beyond the call's own time limit, how long an attempt holds its event before another worker may take it. */
const LEASE_MARGIN_MS = 5_000;

/**
 * The integrations worker's delivery loop (docs/adr/0043): every poll it takes the events due, within the
 * process's concurrency and each integration's share of it, and delivers them without waiting for one
 * another, so a slow integration holds its own slots only. Attempts run on the stored schedule: a worker
 * that stops (or dies) leaves them due, for itself after a restart or for another replica.
 */
export function deliverEventsJobs(deps: AppDeps<IntegrationsConfig>): Job<IntegrationsConfig>[] {
  const { config, db, log } = deps;
  const runtime = integrationRuntime(deps);
  const policy = { maxAttempts: config.INTEGRATIONS_DELIVERY_MAX_ATTEMPTS, baseMs: config.INTEGRATIONS_DELIVERY_RETRY_BASE_MS, maxMs: config.INTEGRATIONS_DELIVERY_RETRY_MAX_MS };
  const inFlight = new Map<string, { integrationId: string; done: Promise<void> }>();
  let stopping = false;
  let polling: Promise<void> | undefined;
  // Before the sandboxes close: no poll may start a delivery after this, and the ones started finish.
  deps.onStop?.(async () => {
    stopping = true;
    await polling?.catch(() => undefined);
    await Promise.allSettled([...inFlight.values()].map((d) => d.done));
  });

  function poll(): Promise<void> {
    polling = claimAndDeliver();
    return polling;
  }

  async function claimAndDeliver(): Promise<void> {
    const free = config.INTEGRATIONS_DELIVERY_CONCURRENCY - inFlight.size;
    if (stopping || free <= 0) return;
    const busy = new Map<string, number>();
    for (const { integrationId } of inFlight.values()) busy.set(integrationId, (busy.get(integrationId) ?? 0) + 1);
    const claimed = await claimDueEvents(db, free * 4, config.INTEGRATIONS_CALL_TIMEOUT_MS + LEASE_MARGIN_MS, (due) =>
      withinConcurrency(due, { free, perIntegration: config.INTEGRATIONS_DELIVERY_CONCURRENCY_PER_INTEGRATION, busy }),
    );
    for (const event of claimed) {
      const done = deliverEvent({ db, runtime, policy, log }, event)
        .catch((err) => log.error({ err, eventId: event.id }, 'integration event attempt failed to run; it is due again once its lease ends'))
        .finally(() => inFlight.delete(event.id));
      inFlight.set(event.id, { integrationId: event.integration_id, done });
    }
  }

  return [{ name: 'deliver-integration-events', everyMs: config.INTEGRATIONS_DELIVERY_POLL_MS, run: poll }];
}
