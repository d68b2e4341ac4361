import type { Logger } from '@dp/log';
import { observeHandling, type HandlingOutcome } from '@dp/metrics';

const lines: Record<HandlingOutcome, string> = {
  handled: 'event handled',
  duplicate: 'already handled; redelivery ignored',
  unhandled: 'no handler for event type; acknowledged',
  failed: 'event handling failed',
};

/**
 * Starts timing one delivery; the function it returns writes the delivery's one line (its logger carries the
 * event's id, type and attempt; the line adds queue, outcome and duration) and records the
 * `dp_event_handling_duration_seconds` observation. A failure is a warning: the transport's next line says
 * whether it is retried or parked.
 */
export function timeHandling(log: Logger, queue: string, type: string): (outcome: HandlingOutcome, err?: unknown) => void {
  const started = process.hrtime.bigint();
  return (outcome, err) => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeHandling(queue, type, outcome, seconds);
    const line = { queue, outcome, ms: Math.round(seconds * 10_000) / 10 };
    if (outcome === 'failed') log.warn({ ...line, err: err instanceof Error ? err.message : String(err) }, lines.failed);
    else if (outcome === 'unhandled') log.warn(line, lines.unhandled);
    else log.info(line, lines[outcome]);
  };
}
