import type { Request, Response } from 'miniflare';
import { fetchOutbound, OutboundError } from '@dp/outbound';
import { readCapped } from './read-capped';

export interface ScriptOutboundLimits {
  /** Hosts or IPv4 CIDRs reachable although private (`OUTBOUND_ALLOW`). */
  allow: readonly string[];
  timeoutMs: number;
  /** Bytes of what the script sends and of what comes back. */
  maxBytes: number;
}

/** Headers of the hop to the remote server, not of the response handed on (its body is whole and decoded). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * An integration script's `fetch`, as the sandbox hands it out: through the guarded outbound client only
 * (the SSRF guard and its allow-list, time and size caps), never to `refusedPorts` of a non-public address
 * whatever the allow-list says (the platform's and the sandboxes' own, docs/adr/0057). Any status is handed
 * back as it came; a refused or failed request is a 502 whose text says why (the script sees what a proxy
 * would answer).
 */
export function scriptOutbound(limits: ScriptOutboundLimits) {
  return async (request: Request, refusedPorts: ReadonlySet<number>): Promise<Response> => {
    // Called from a running sandbox, so miniflare is loaded already (sandbox-process.ts).
    const { Response } = await import('miniflare');
    const refused = (reason: string) => new Response(`outbound request refused or failed: ${reason}`, { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    const body = bodyless ? undefined : await readCapped(request.body, limits.maxBytes, 'drain');
    if (!bodyless && body === undefined) return refused(`TOO_LARGE: the request body is larger than ${limits.maxBytes} bytes`);
    try {
      const res = await fetchOutbound(request.url, {
        allow: limits.allow,
        method: request.method,
        // Bodies are handed on as they come: none compressed, so none is handed on still encoded.
        headers: { ...Object.fromEntries(request.headers), 'accept-encoding': 'identity' },
        body,
        timeoutMs: limits.timeoutMs,
        maxBytes: limits.maxBytes,
        anyStatus: true,
        refusedPorts,
      });
      const headers = Object.entries(res.headers).flatMap(([name, value]): Array<[string, string]> =>
        HOP_BY_HOP.has(name) || value === undefined ? [] : Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : [[name, value]],
      );
      return new Response(NO_BODY.has(res.status) ? null : res.body, { status: res.status, headers });
    } catch (err) {
      const reason = err instanceof OutboundError ? `${err.code}: ${err.message}` : String(err);
      return refused(reason);
    }
  };
}
