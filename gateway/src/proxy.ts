import type http from 'node:http';
import { parse as parseUrl, type Url } from 'node:url';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin } from 'http-proxy-middleware';
import { errorBody } from '@dp/http';
import type { Logger } from '@dp/log';
import { currentTraceContext } from '@dp/tracing';

export interface ProxyOptions {
  agent: http.Agent;
  /** Upstream idle deadline; past it the client gets 502. */
  timeoutMs: number;
  log: Logger;
  /** Reads or rewrites the upstream answer's headers before they are copied to the client's answer. */
  upstreamHeaders?: (headers: http.IncomingHttpHeaders, req: Request, res: Response) => void;
  /** Runs once the upstream has answered (or failed), before the client gets anything. */
  afterUpstream?: (req: Request, res: Response) => void;
}

/**
 * The proxy hop, with http-proxy-middleware (the customer's choice): the request's original path and query
 * go to the service chosen by `target(req)`, on the shared keep-alive agent, body streamed, `x-forwarded-*`
 * added. Upstream failures become a JSON 502 (or a cut connection once the answer has started).
 */
export function createProxy(target: (req: Request) => string, opts: ProxyOptions) {
  // Each service's URL parsed once: http-proxy parses a target given as text on every request.
  const targets = new Map<string, Url>();
  const parsedTarget = (url: string) => targets.get(url) ?? targets.set(url, parseUrl(url)).get(url)!;
  const proxy = createProxyMiddleware<Request, Response>({
    router: (req) => parsedTarget(target(req)),
    agent: opts.agent,
    xfwd: true,
    proxyTimeout: opts.timeoutMs,
    // Not the default logger plugin (it builds a URL per answer for a logger that writes nothing) nor the default
    // error answer (ours below answers every failure): the crash guards, then our handlers.
    ejectPlugins: true,
    plugins: [
      (server) => debugProxyErrorsPlugin(server, {}),
      (server) => {
        // Headers that describe the client's connection, not the message, stay at this hop (RFC 9110 §7.6.1).
        server.on('proxyReq', (proxyReq) => {
          for (const name of ['keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']) proxyReq.removeHeader(name);
          // The service's span is a child of the gateway's request span, not of whatever the client sent.
          for (const [name, value] of Object.entries(currentTraceContext())) proxyReq.setHeader(name, value);
        });
        server.on('proxyRes', (proxyRes, req, res) => {
          opts.upstreamHeaders?.(proxyRes.headers, req, res);
          opts.afterUpstream?.(req, res);
        });
        server.on('error', (err, req, res) => {
          opts.log.warn({ err: err.message, url: req.originalUrl }, 'upstream service failed');
          const out = res as Response;
          // The upstream may have acted before failing: that counts as much as an answer.
          if (typeof out.status === 'function') opts.afterUpstream?.(req, out);
          if (typeof out.status === 'function' && !out.headersSent) out.status(502).json(errorBody(502, 'The service behind this path is unavailable'));
          else (res as http.ServerResponse).destroy?.();
        });
      },
    ],
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // Mounted under /v1, express strips the mount path from req.url: the service needs the original one.
    req.url = req.originalUrl;
    return proxy(req, res, next);
  };
}
