import http from 'node:http';
import type { Request, Response } from 'express';
import { errorBody } from '@dp/http';
import type { Logger } from '@dp/log';

/** Headers that describe one connection, not the message: never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface ProxyOptions {
  agent: http.Agent;
  /** Upstream idle deadline; past it the client gets 502. */
  timeoutMs: number;
  log: Logger;
}

export interface Upstream {
  host: string;
  port: number;
  /** Path prefix of the service's base URL (usually empty). */
  prefix: string;
}

export function upstreamOf(baseUrl: string): Upstream {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:') throw new Error(`unsupported service URL ${baseUrl} (http only)`);
  return { host: url.hostname, port: Number(url.port || 80), prefix: url.pathname.replace(/\/+$/, '') };
}

const appendHeader = (current: string | string[] | undefined, value: string) => (current ? `${current},${value}` : value);

/**
 * Forwards the request (method, original path and query, headers minus hop-by-hop ones, body streamed) to
 * `upstream` on the keep-alive agent and streams the answer back. `x-forwarded-for/-port/-proto/-host` are
 * added as http-proxy's `xfwd` did. Upstream failures become a JSON 502 (or a cut connection once the
 * answer has started).
 */
export function forward(req: Request, res: Response, upstream: Upstream, opts: ProxyOptions, retried = false): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const name in req.headers) if (!HOP_BY_HOP.has(name)) headers[name] = req.headers[name];
  headers['x-forwarded-for'] = appendHeader(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? '');
  headers['x-forwarded-port'] = appendHeader(req.headers['x-forwarded-port'], String(req.socket.localPort ?? ''));
  headers['x-forwarded-proto'] = appendHeader(req.headers['x-forwarded-proto'], 'http');
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] ?? req.headers.host ?? '';
  // A body is framed by content-length or chunked transfer-encoding; without either there is none.
  const hasBody = req.headers['content-length'] !== undefined ? req.headers['content-length'] !== '0' : req.headers['transfer-encoding'] !== undefined;

  const upstreamReq = http.request({
    agent: opts.agent,
    host: upstream.host,
    port: upstream.port,
    method: req.method,
    path: `${upstream.prefix}${req.originalUrl}`,
    headers,
    timeout: opts.timeoutMs,
  });

  let answered = false;
  upstreamReq.on('response', (upstreamRes) => {
    answered = true;
    const out: http.OutgoingHttpHeaders = {};
    for (const name in upstreamRes.headers) if (!HOP_BY_HOP.has(name)) out[name] = upstreamRes.headers[name];
    res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, out);
    upstreamRes.pipe(res);
    upstreamRes.on('error', () => res.destroy());
  });
  upstreamReq.on('timeout', () => upstreamReq.destroy(new Error(`no answer within ${opts.timeoutMs} ms`)));
  let failed = false;
  upstreamReq.on('error', (err: NodeJS.ErrnoException) => {
    // Once the answer has started, its own stream decides (e.g. a 413 sent before the whole body was read).
    if (failed || answered) return;
    failed = true;
    // A kept-alive socket the service closed as we reused it: a GET/HEAD without body can safely go again.
    if (!retried && !hasBody && upstreamReq.reusedSocket && err.code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD')) {
      forward(req, res, upstream, opts, true);
      return;
    }
    opts.log.warn({ err: err.message, url: req.originalUrl }, 'upstream service failed');
    if (!res.headersSent) res.status(502).json(errorBody(502, 'The service behind this path is unavailable'));
    else res.destroy();
  });
  // The client went away before its answer was complete: stop the upstream work too.
  res.on('close', () => {
    if (!res.writableFinished) upstreamReq.destroy();
  });

  if (hasBody && !retried) req.pipe(upstreamReq);
  else upstreamReq.end();
}
