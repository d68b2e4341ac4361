import { fetchOutbound, OutboundError } from '@dp/outbound';
import type { IntegrationRow } from '../data/integrations';
import type { DeliveryTarget } from '../domain/delivery-target';
import { signatureOf, SIGNATURE_HEADER } from '../domain/event-signature';
import { SandboxError, type SandboxFailure, type ScriptSandboxes } from '../sandbox/script-sandbox';
import type { EncodedCall } from './integration-call';

export interface DispatchLimits {
  /** Hosts or CIDRs a development tunnel may be at although private (`OUTBOUND_ALLOW`). */
  allow: readonly string[];
  timeoutMs: number;
  /** Bytes of an answer accepted from a tunnel. */
  maxResponseBytes: number;
}

/** What one call to an integration came to: an answer (any status) or why there was none. */
export type CallResult =
  | { answered: true; status: number; contentType: string | undefined; cacheControl: string | undefined; body: Buffer }
  | { answered: false; reason: SandboxFailure | 'REFUSED' | 'NETWORK'; message: string };

/**
 * Sends an encoded call to an integration, signed afresh (docs/adr/0043): to its script in the sandbox, or to
 * its development tunnel through the guarded outbound client. Never throws for the integration's failures.
 */
export function integrationDispatcher(sandboxes: ScriptSandboxes, limits: DispatchLimits) {
  return async function dispatch(integration: Pick<IntegrationRow, 'id' | 'version' | 'script'>, target: DeliveryTarget, call: EncodedCall, signingSecret: string): Promise<CallResult> {
    // A signature keyed with nothing proves nothing: never sent (docs/adr/0057).
    if (!signingSecret) return { answered: false, reason: 'REFUSED', message: 'the integration has no signing secret: nothing is sent unsigned' };
    const headers = {
      'content-type': call.contentType,
      [SIGNATURE_HEADER]: signatureOf(signingSecret, call.body, Math.floor(Date.now() / 1000)),
    };
    if (target.kind === 'script') {
      try {
        const res = await sandboxes.call(`${integration.id}:${integration.version}`, integration.script, { url: 'https://integration.invalid/v1', method: 'POST', headers, body: call.body });
        return { answered: true, status: res.status, contentType: res.headers['content-type'], cacheControl: res.headers['cache-control'], body: res.body };
      } catch (err) {
        if (err instanceof SandboxError) return { answered: false, reason: err.reason, message: err.message };
        throw err;
      }
    }
    try {
      // The platform's ports and the sandboxes' sockets are no tunnel, whatever OUTBOUND_ALLOW says (docs/adr/0057).
      const res = await fetchOutbound(target.url, { allow: limits.allow, method: 'POST', headers, body: call.body, timeoutMs: limits.timeoutMs, maxBytes: limits.maxResponseBytes, anyStatus: true, refusedPorts: sandboxes.refusedPorts() });
      const cacheControl = res.headers['cache-control'];
      return { answered: true, status: res.status, contentType: res.contentType, cacheControl: typeof cacheControl === 'string' ? cacheControl : undefined, body: res.body };
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      const reason = err.code === 'TIMEOUT' ? 'TIMEOUT' : err.code === 'BLOCKED_ADDRESS' || err.code === 'BAD_URL' ? 'REFUSED' : 'NETWORK';
      return { answered: false, reason, message: `the development tunnel: ${err.message}` };
    }
  };
}

export type Dispatch = ReturnType<typeof integrationDispatcher>;
