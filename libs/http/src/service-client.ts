import { HttpError } from './errors';

/**
 * Calls another service's API on behalf of the current caller (the same signed assertion travels along),
 * for data that must be fresh. The other service authorizes exactly as it would for the gateway.
 */
export interface ServiceResponse<T> {
  status: number;
  body: T;
}

/** Who is asking, as the gateway signed it on this request: passed along so the other service authorizes them itself. */
export interface OnBehalfOf {
  assertion: string;
  requestId?: string;
}

export function serviceClient(baseUrl: string, opts: { timeoutMs?: number; serviceName?: string } = {}) {
  const base = baseUrl.replace(/\/+$/, '');
  const name = opts.serviceName ?? 'upstream';
  return async function request<T = any>(method: string, path: string, assertion: string, init: { body?: unknown; requestId?: string } = {}): Promise<ServiceResponse<T>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'x-caller-assertion': assertion,
          ...(init.requestId ? { 'x-request-id': init.requestId } : {}),
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      });
    } catch {
      throw new HttpError(503, `The ${name} service is unavailable`);
    }
    if (res.status >= 500) throw new HttpError(503, `The ${name} service is unavailable`);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
}

export type ServiceRequest = ReturnType<typeof serviceClient>;
