import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { checkAddress, parseAllowList, portRefusal, type AllowList } from './address';
import { OutboundError } from './errors';

export interface OutboundOptions {
  /** Hosts or IPv4 CIDRs that may be reached even though private (the `OUTBOUND_ALLOW` setting). */
  allow?: readonly string[] | string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Bytes of response body accepted; past it the response is aborted. Default 5 MB. */
  maxBytes?: number;
  /** Redirects followed, each target re-checked. Default 5. */
  maxRedirects?: number;
  /** Time to establish the connection. Default 5 s. */
  connectTimeoutMs?: number;
  /** Time for the whole exchange, redirects included. Default 30 s. */
  timeoutMs?: number;
  /**
   * Resolve with the final response whatever its status, its body read within `maxBytes` (a proxy that hands
   * a 404 on as a 404). Default false: a status that is not 2xx is an OutboundError `BAD_STATUS`.
   */
  anyStatus?: boolean;
  /** Ports refused on any non-public address, whatever `allow` says (the platform's own, checked at every hop). */
  refusedPorts?: ReadonlySet<number>;
}

export interface OutboundResponse {
  /** The URL that finally answered, after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string | undefined;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function parseUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('BAD_URL', `"${text}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('BAD_URL', `only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new OutboundError('BAD_URL', 'URLs with credentials are not fetched');
  return url;
}

/** A `lookup` for http.request: resolves with dns.lookup and refuses addresses the rules block. */
function guardedLookup(allow: AllowList, host: string, port: number, refusedPorts: ReadonlySet<number> | undefined): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const all = addresses as dns.LookupAddress[];
      if (!all.length) return callback(new OutboundError('NETWORK', `${hostname} has no address`), '', 0);
      // Only addresses that pass the rules are handed to the socket; none passing is a refusal.
      const refusals = all.map((a) => checkAddress(allow, host, a.address) ?? portRefusal(a.address, port, refusedPorts));
      const list = all.filter((_, i) => refusals[i] === undefined);
      if (!list.length) return callback(new OutboundError('BLOCKED_ADDRESS', refusals[0] as string), '', 0);
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}

/**
 * The one outbound HTTP client (see ARCHITECTURE.md, "Outbound requests"): http(s) only, connect and total
 * timeouts, a size cap, bounded redirects each re-checked, and the resolved address checked at connect time.
 * Resolves with the final 2xx response (any final response with `anyStatus`); everything else is an OutboundError.
 */
export async function fetchOutbound(target: string, opts: OutboundOptions = {}): Promise<OutboundResponse> {
  const allow = parseAllowList(opts.allow);
  const maxRedirects = opts.maxRedirects ?? 5;
  const deadline = Date.now() + (opts.timeoutMs ?? 30000);
  let url = parseUrl(target);
  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body;
  for (let hop = 0; ; hop++) {
    const res = await requestOnce(url, { ...opts, method, body }, allow, deadline);
    const location = res.headers.location;
    if (REDIRECTS.has(res.status) && location) {
      if (hop >= maxRedirects) throw new OutboundError('TOO_MANY_REDIRECTS', `more than ${maxRedirects} redirects`);
      let next: string;
      try {
        next = new URL(location, url).toString();
      } catch {
        throw new OutboundError('BAD_URL', `redirect to "${location}" is not a URL`);
      }
      url = parseUrl(next);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    if (!opts.anyStatus && (res.status < 200 || res.status > 299)) throw new OutboundError('BAD_STATUS', `${url.origin} answered ${res.status}`, res.status);
    return res;
  }
}

function requestOnce(url: URL, opts: OutboundOptions & { method: string }, allow: AllowList, deadline: number): Promise<OutboundResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  // An IP literal is connected to without a lookup: check it here.
  if (isIP(host)) {
    const refusal = checkAddress(allow, host, host) ?? portRefusal(host, port, opts.refusedPorts);
    if (refusal) return Promise.reject(new OutboundError('BLOCKED_ADDRESS', refusal));
  }
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new OutboundError('TIMEOUT', `${url.origin} did not answer in time`));
  return new Promise((resolve, reject) => {
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (err: Error | undefined, value?: OutboundResponse) => {
      if (settled) return;
      settled = true;
      timers.forEach(clearTimeout);
      if (err) {
        req.destroy();
        reject(err instanceof OutboundError ? err : new OutboundError('NETWORK', `${url.origin}: ${err.message}`));
      } else resolve(value as OutboundResponse);
    };
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, {
      method: opts.method,
      headers: { 'user-agent': 'dp-outbound/0.1', ...opts.headers },
      lookup: guardedLookup(allow, host, port, opts.refusedPorts),
      agent: false,
    });
    timers.push(setTimeout(() => finish(new OutboundError('TIMEOUT', `${url.origin} did not answer in time`)), remaining));
    const connectTimer = setTimeout(() => finish(new OutboundError('TIMEOUT', `could not connect to ${url.origin} in time`)), Math.min(opts.connectTimeoutMs ?? 5000, remaining));
    timers.push(connectTimer);
    req.on('socket', (socket) => socket.once('connect', () => clearTimeout(connectTimer)));
    req.on('error', (err) => finish(err));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const redirect = REDIRECTS.has(status) && res.headers.location !== undefined;
      if (redirect || (!opts.anyStatus && (status < 200 || status > 299))) {
        res.resume();
        return finish(undefined, { url: url.toString(), status, headers: res.headers, contentType: res.headers['content-type'], body: Buffer.alloc(0) });
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) return finish(new OutboundError('TOO_LARGE', `${url.origin} sends ${declared} bytes, more than ${maxBytes}`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return finish(new OutboundError('TOO_LARGE', `${url.origin} sends more than ${maxBytes} bytes`));
        chunks.push(chunk);
      });
      res.on('error', (err) => finish(err));
      res.on('aborted', () => finish(new OutboundError('NETWORK', `${url.origin} closed the response early`)));
      res.on('end', () => finish(undefined, { url: url.toString(), status, headers: res.headers, contentType: res.headers['content-type'], body: Buffer.concat(chunks) }));
    });
    req.end(opts.body);
  });
}
