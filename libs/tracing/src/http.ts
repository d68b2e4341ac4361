import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';
import type { NextFunction, Request, Response } from 'express';
import { contextFrom } from './propagation';
import { defaultTracer, tracingOn } from './setup';

/** The route pattern of an answered request (`/v1/spaces/:spaceId`), never its URL; undefined when none matched. */
export type RoutePatternOf = (req: Request) => string | undefined;

/**
 * A server span per request, child of the caller's `traceparent` (the gateway's, or a client's): everything the
 * request does runs inside it. Named `<method> <route pattern>` once the request is answered (a low-cardinality
 * name; libs/http passes the pattern its access log uses), the method alone without one.
 */
export function traceRequests(routeOf: RoutePatternOf, tracer: Tracer = defaultTracer()) {
  return (req: Request, res: Response, next: NextFunction): void => {
    // Tracing off (no OTLP endpoint): not even a no-op span, so that a request pays nothing for it.
    if (!tracingOn()) return next();
    const parent = contextFrom(req.headers);
    // No URL attribute: a path may carry a capability (a PDF link's token, a share key) that a trace store must not keep.
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method } }, parent);
    res.once('close', () => {
      const route = routeOf(req);
      if (route) {
        span.updateName(`${req.method} ${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, route);
      }
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}
