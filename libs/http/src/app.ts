import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { serviceOf, type Logger } from '@dp/log';
import { currentTraceId, traceRequests, type Tracer } from '@dp/tracing';
import { logRequest, routePattern, type RouteOf } from './access-log';
import { HttpError, errorBody } from '@dp/errors';
import { escapeUndecodablePath } from './input-safety';

export interface ServiceAppOptions {
  log: Logger;
  /** Largest JSON body accepted; beyond it the request gets 413. */
  bodyLimit?: string;
  /** The route pattern of a request no route of the app matched (the gateway's proxied paths; ./access-log.ts). */
  routeOf?: RouteOf;
  /** The process's tracer (libs/tracing `startTracing`); absent, the global one (no-op unless tracing is on). */
  tracer?: Tracer;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    log: Logger;
  }
}

/**
 * Builds the express app every service and the gateway start from: request id, `nosniff`, access log and metrics
 * (JSON bodies: ./json-body.ts). Call `finishServiceApp` after mounting routers to add the 404 and error handlers.
 */
export function createServiceApp({ log, tracer, routeOf }: ServiceAppOptions): Express {
  // The `process` label of the request metrics: the logger's `service` (`content-api`, `gateway`...).
  const processName = serviceOf(log);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'extended');
  // The request's span (libs/tracing), named by the same route pattern as the access log.
  app.use(traceRequests((req) => routePattern(req, routeOf), tracer));
  // The request's logger is made when something logs (the access-log line does not: ./access-log.ts). A getter
  // on the app's request prototype: one defined on each request cost more than most middleware.
  const loggers = new WeakMap<Request, Logger>();
  const traceIds = new WeakMap<Request, string>();
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    enumerable: true,
    get(this: Request): Logger {
      let child = loggers.get(this);
      if (!child) loggers.set(this, (child = log.child({ reqId: this.id, traceId: traceIds.get(this) })));
      return child;
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    req.id = incoming && incoming.length <= 200 ? incoming : randomUUID();
    const traceId = currentTraceId();
    if (traceId) traceIds.set(req, traceId);
    res.setHeader('x-request-id', req.id);
    // No answer of ours is to be read as another type than it says (a JSON error sniffed as HTML; docs/adr/0062).
    res.setHeader('x-content-type-options', 'nosniff');
    const started = process.hrtime.bigint();
    // The access-log line and the request metrics (./access-log.ts); 'close' also comes when the client left.
    res.once('close', () => logRequest(req, res, { startedNs: started, processName, log, traceId, routeOf }));
    next();
  });
  app.use(escapeUndecodablePath);
  return app;
}

export function finishServiceApp(app: Express): Express {
  app.use((req: Request, _res: Response, next: NextFunction) => next(new HttpError(404, `No route for ${req.method} ${req.path}`)));
  app.use(errorHandler);
  return app;
}

/** Maps every error to the one JSON shape; anything unexpected becomes an opaque 500 (and is logged). */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
  const { status, message, details } = toHttp(err);
  if (status >= 500) (req.log ?? console).error({ err }, 'unhandled error');
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).json(errorBody(status, message, details));
}

function toHttp(err: unknown): { status: number; message: string; details?: Readonly<Record<string, string>> } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, details: err.details };
  const e = err as { type?: string; status?: number; code?: string };
  // body-parser errors carry a `type`
  if (e?.type === 'entity.parse.failed') return { status: 400, message: 'Malformed JSON in request body' };
  if (e?.type === 'entity.too.large') return { status: 413, message: 'Request body is too large' };
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported') return { status: 415, message: 'Unsupported body encoding' };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.type) return { status: e.status, message: 'Invalid request' };
  // PostgreSQL: invalid text representation, numeric out of range, string too long -> bad input
  if (e?.code === '22P02' || e?.code === '22003' || e?.code === '22001') return { status: 400, message: 'Invalid input' };
  return { status: 500, message: 'Internal server error' };
}
