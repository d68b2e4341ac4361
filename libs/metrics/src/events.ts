import { Counter, Histogram } from 'prom-client';
import { PREFIX, registry } from './registry';

const handling = new Histogram({
  name: `${PREFIX}event_handling_duration_seconds`,
  help: 'Time a consumer spent on one delivery (inbox check, handler, commit), by queue, event type and outcome (handled, duplicate, unhandled, failed)',
  labelNames: ['queue', 'type', 'outcome'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

const retries = new Counter({
  name: `${PREFIX}event_retries_total`,
  help: 'Deliveries that failed and were sent to the retry queue for another attempt, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const deadLettered = new Counter({
  name: `${PREFIX}events_dead_lettered_total`,
  help: 'Deliveries parked in the dead-letter queue (attempts exhausted, or not a CloudEvents envelope), by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const published = new Counter({
  name: `${PREFIX}relay_published_total`,
  help: "Events the outbox relay published and the broker confirmed, by the outbox's schema",
  labelNames: ['schema'] as const,
  registers: [registry],
});

const publishFailures = new Counter({
  name: `${PREFIX}relay_publish_failures_total`,
  help: 'Relay batches the broker did not confirm (they stay in the outbox and are retried), by schema',
  labelNames: ['schema'] as const,
  registers: [registry],
});

const confirm = new Histogram({
  name: `${PREFIX}relay_confirm_duration_seconds`,
  help: "Time from a relay batch's publish to the broker's confirm of all of it, by schema",
  labelNames: ['schema'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export type HandlingOutcome = 'handled' | 'duplicate' | 'unhandled' | 'failed';

export function observeHandling(queue: string, type: string, outcome: HandlingOutcome, seconds: number): void {
  handling.observe({ queue, type, outcome }, seconds);
}

export const countRetry = (queue: string): void => retries.inc({ queue });
export const countDeadLettered = (queue: string): void => deadLettered.inc({ queue });

/** Times one relay batch: call it before publishing, then the result with how many went out, or with an error. */
export function timePublish(schema: string): (outcome: { published: number } | { failed: true }) => void {
  const end = confirm.startTimer({ schema });
  return (outcome) => {
    if ('failed' in outcome) return void publishFailures.inc({ schema });
    end();
    published.inc({ schema }, outcome.published);
  };
}
