import { context, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { ATTR_HTTP_REQUEST_METHOD, ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_HTTP_ROUTE, ATTR_URL_PATH } from '@opentelemetry/semantic-conventions';
import type { NextFunction, Request, Response } from 'express';
import { contextFrom } from './propagation';
import { defaultTracer } from './setup';

/**
 * A server span per request, child of the caller's `traceparent` (the gateway's, or a client's): everything the
 * request does runs inside it. Named `<method> <route pattern>` once the route is known (a low-cardinality name),
 * the method alone where no route matched (the gateway's proxied paths, a 404).
 */
export function traceRequests(tracer: Tracer = defaultTracer()) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const parent = contextFrom(req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: req.method, [ATTR_URL_PATH]: req.path } }, parent);
    res.once('close', () => {
      const route: unknown = req.route?.path;
      if (typeof route === 'string') {
        span.updateName(`${req.method} ${req.baseUrl}${route}`);
        span.setAttribute(ATTR_HTTP_ROUTE, `${req.baseUrl}${route}`);
      }
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
      if (res.statusCode >= 500 || !res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };
}
