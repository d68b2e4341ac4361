import type { Request } from 'express';
import { currentTraceContext } from '@dp/tracing';
import { HttpError } from '@dp/errors';

/**
 * The header that carries the gateway's signed caller assertion. It lives here, not in libs/auth (which signs
 * and verifies it and re-exports it), because the service client sends it and libs/auth imports libs/http.
 */
export const ASSERTION_HEADER = 'x-caller-assertion';

export interface ServiceResponse<T> {
  status: number;
  body: T;
  /** Characters of the JSON answer: what a cache of bodies weighs them by. */
  length: number;
}

/** Who is asking, as the gateway signed it on this request: passed along so the other service authorizes them itself. */
export interface OnBehalfOf {
  assertion: string;
  requestId?: string;
}

/**
 * The one way to take the caller of a request along to another service (requireCaller has verified the assertion).
 * It reads only the header and the id, so a validated request of any params type fits.
 */
export function onBehalfOf(req: Pick<Request, 'header' | 'id'>): OnBehalfOf {
  return { assertion: req.header(ASSERTION_HEADER) ?? '', requestId: req.id };
}

/**
 * Calls another service's API on behalf of a caller (the same signed assertion travels along, with the request
 * id), for data that must be fresh. The other service authorizes exactly as it would for the gateway. Services
 * get theirs, built once per app, from the service context (libs/runtime `serviceClients`).
 */
export type ServiceRequest = <T = unknown>(method: string, path: string, on: OnBehalfOf, init?: { body?: unknown }) => Promise<ServiceResponse<T>>;

export function serviceClient(baseUrl: string, opts: { timeoutMs?: number; serviceName?: string } = {}): ServiceRequest {
  const send = serviceFetch(baseUrl, opts);
  return async function request<T = unknown>(method: string, path: string, on: OnBehalfOf, init: { body?: unknown } = {}): Promise<ServiceResponse<T>> {
    const res = await send(method, path, on, 'application/json', init.body);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, length: text.length };
  };
}

/** The bytes and content type of a GET on another service's API on a caller's behalf (a file's download), with its status. */
export type ServiceDownload = (path: string, on: OnBehalfOf) => Promise<{ status: number; bytes: Buffer; contentType: string }>;

export function serviceDownload(baseUrl: string, opts: { timeoutMs?: number; serviceName?: string } = {}): ServiceDownload {
  const send = serviceFetch(baseUrl, opts);
  return async (path, on) => {
    const res = await send('GET', path, on, '*/*');
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  };
}

/** One call to another service with the caller's assertion; unreachable or failing (5xx): a 503 HttpError. */
function serviceFetch(baseUrl: string, opts: { timeoutMs?: number; serviceName?: string }) {
  const base = baseUrl.replace(/\/+$/, '');
  const name = opts.serviceName ?? 'upstream';
  return async (method: string, path: string, on: OnBehalfOf, accept: string, body?: unknown): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept,
          [ASSERTION_HEADER]: on.assertion,
          ...(on.requestId ? { 'x-request-id': on.requestId } : {}),
          // The other service's request span becomes a child of the current one (this request's or event handler's).
          ...currentTraceContext(),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
    } catch {
      throw new HttpError(503, `The ${name} service is unavailable`);
    }
    if (res.status >= 500) throw new HttpError(503, `The ${name} service is unavailable`);
    return res;
  };
}
