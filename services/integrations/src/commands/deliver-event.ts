import type { Knex } from 'knex';
import type { Logger } from '@dp/log';
import { findInstallationById } from '../data/installations';
import { findIntegrationById } from '../data/integrations';
import { recordAttempt, type IntegrationEventRow } from '../data/integration-events';
import { afterAttempt, type RetryPolicy } from '../domain/delivery-schedule';
import type { DeliveryTarget } from '../domain/delivery-target';
import { callIntegration } from '../delivery/call-integration';
import type { CallResult } from '../delivery/dispatcher';
import type { IntegrationRuntime } from '../delivery/integration-runtime';

export interface DeliveryDeps {
  db: Knex;
  runtime: IntegrationRuntime;
  policy: RetryPolicy;
  log: Logger;
}

/**
 * One attempt to deliver a claimed event (docs/adr/0043): the event and the environment, signed, to the
 * integration's script or development tunnel; a 2xx answer delivers it, anything else is a failed attempt,
 * tried again on the schedule until the last one. The outcome, status code and duration go to the trace.
 */
export async function deliverEvent({ db, runtime, policy, log }: DeliveryDeps, event: IntegrationEventRow): Promise<void> {
  const integration = await findIntegrationById(db, event.integration_id);
  if (!integration) return; // unpublished meanwhile: its events went with it
  const installation = event.installation_id ? await findInstallationById(db, event.installation_id) : undefined;
  const started = performance.now();
  const { target, result, sealedSigningSecret } = await callIntegration(db, runtime, integration, installation, event.payload);
  const ms = Math.round(performance.now() - started);
  const delivered = result.answered && result.status >= 200 && result.status < 300;
  const after = afterAttempt(delivered, event.attempts, policy);
  const message = (sealedSigningSecret ? `${SEALED_NOW}; ` : '') + attemptMessage(event.attempts, target, result, ms, after);
  const level = delivered ? 'info' : after.status === 'failed' ? 'error' : 'warn';
  if (!(await recordAttempt(db, event, { status: after.status, retryInMs: after.status === 'pending' ? after.retryInMs : undefined }, { message, level }))) {
    log.warn({ eventId: event.id, attempt: event.attempts }, 'integration event moved on during its attempt (lease ran out); this outcome is dropped');
    return;
  }
  log.info({ eventId: event.id, integration: integration.name, attempt: event.attempts, target: target.kind, delivered, ms, status: after.status }, 'integration event attempt');
}

/** Said in the trace of the attempt that found the integration without a signing secret (docs/adr/0057). */
export const SEALED_NOW = 'the integration had no signing secret: a new one was sealed, and signs this attempt';

/** The trace entry of an attempt: to where, what came back, how long it took, and what happens next. Pure. */
export function attemptMessage(attempt: number, target: DeliveryTarget, result: CallResult, ms: number, after: ReturnType<typeof afterAttempt>): string {
  const to = target.kind === 'script' ? 'the script' : `the development tunnel ${target.url}`;
  const answer = result.answered ? `HTTP ${result.status}${result.status >= 300 ? `: ${bodyExcerpt(result.body)}` : ''}` : result.message;
  const next = after.status === 'success' ? 'delivered' : after.status === 'failed' ? 'no attempt left: failed' : `next attempt in ${Math.ceil(after.retryInMs / 1000)} s`;
  return `attempt ${attempt} to ${to}: ${answer} in ${ms} ms; ${next}`;
}

const bodyExcerpt = (body: Buffer) => body.toString('utf8', 0, 300).replace(/\s+/g, ' ').trim() || '(no body)';
