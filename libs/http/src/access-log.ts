import type { Request, Response } from 'express';
import type { Logger } from '@dp/log';
import { observeRequest } from '@dp/metrics';

/** How the gateway names a request no route of its own matched (a proxied path): a pattern, never the raw path. */
export type RouteOf = (req: Request) => string | undefined;

/** The label of a request no route matched (unknown paths, requests refused before routing). */
export const UNMATCHED = 'unmatched';
/** nginx's code for "the client closed the connection before the answer was sent". */
const CLIENT_CLOSED = 499;

/**
 * The route pattern of a request once it is answered: the matched route's own path (`/v1/spaces/:spaceId`;
 * services mount their routers without a prefix, so it is the whole pattern), else what `routeOf` says
 * (the gateway's proxied paths), else `unmatched`. Never the URL: ids in a label multiply series without bound.
 */
export function routePattern(req: Request, routeOf?: RouteOf): string {
  const path: unknown = req.route?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.join('|');
  return routeOf?.(req) ?? UNMATCHED;
}

/**
 * Health probes (`/health`, `/health/live`, `/health/ready`): an orchestrator calls them every few seconds on
 * every pod, so their successful answers are logged at debug, not info, where they would outnumber the
 * requests of a quiet deployment. A failed probe is still logged at info (4xx) or as an error (5xx).
 */
const isProbe = (route: string) => route === '/health' || route.startsWith('/health/');

/** What `logRequest` needs besides the request: when it started, the process's name and logger, its trace id. */
export interface RequestLogContext {
  startedNs: bigint;
  /** The `process` label of the metrics (the logger's `service`). */
  processName: string;
  /** The process's logger: the line is written through it with `reqId` and `traceId`, not through a child made for it. */
  log: Logger;
  traceId: string | undefined;
  routeOf?: RouteOf;
}

/**
 * One line and one observation per request, when its response is done (or the client went away): method,
 * route pattern, status, duration, request id, trace id and caller id (`res.locals.callerId`, set where the
 * caller is known: libs/auth requireCaller, the gateway's authentication). 5xx are errors, with the URL; the rest
 * info. Written through the process's logger with the ids as fields: a child logger per request (what `req.log`
 * makes) costs more than the line itself, and most requests log nothing else.
 */
export function logRequest(req: Request, res: Response, { startedNs, processName, log, traceId, routeOf }: RequestLogContext): void {
  const seconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
  const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
  const route = routePattern(req, routeOf);
  observeRequest({ process: processName, method: req.method, route, status, seconds });
  const callerId: unknown = res.locals.callerId;
  // `res.locals.timings`: parts of the time a handler measured (e.g. the gateway's principal lookup).
  const line = {
    reqId: req.id,
    traceId,
    method: req.method,
    route,
    status,
    ms: Math.round(seconds * 10_000) / 10,
    callerId: typeof callerId === 'string' ? callerId : undefined,
    ...res.locals.timings,
  };
  // The URL only where it is needed: it may carry a capability (a PDF link's token, a share key).
  if (status >= 500) log.error({ ...line, url: req.originalUrl }, 'request failed');
  else if (isProbe(route) && status < 400) log.debug(line, 'request');
  else log.info(log.isLevelEnabled('debug') ? { ...line, url: req.originalUrl } : line, 'request');
}
