import { needsOwnDocument, responseContractErrors, type OwnApiDocument } from './contract';

/**
 * A tiny HTTP client for tests: JSON in, status + JSON out, bearer token optional. Every JSON response is
 * checked against the official schema of its operation (contract.ts), or for an operation of ours against the
 * response schema its route declares (read once from `<baseUrl>/v1/openapi.json`, the gateway's API document,
 * the first time one is needed), so every e2e call is a contract test: a body that breaks it fails the call
 * with the list of violations.
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is (for malformed-JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface ApiClientOptions {
  /** Where our operations' response schemas come from; by default the gateway's `/v1/openapi.json` (a component test passes its service's own document). */
  ownDocument?: () => Promise<OwnApiDocument>;
}

export function apiClient(baseUrl: string, opts: ApiClientOptions = {}) {
  let ownDocument: Promise<OwnApiDocument> | undefined;
  const fromGateway = () =>
    fetch(`${baseUrl}/v1/openapi.json`).then(async (res) => {
      if (!res.ok) throw new Error(`the API document at ${baseUrl}/v1/openapi.json answered ${res.status}`);
      return (await res.json()) as OwnApiDocument;
    });
  const loadOwnDocument = () => (ownDocument ??= (opts.ownDocument ?? fromGateway)());
  return async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    let json = false;
    try {
      parsed = text ? JSON.parse(text) : undefined;
      json = text !== '';
    } catch {
      // not JSON: keep the text
    }
    if (json) {
      const own = needsOwnDocument(method, path) ? await loadOwnDocument() : undefined;
      const violations = responseContractErrors(method, path, res.status, parsed, own);
      if (violations.length) {
        throw new Error(`${method} ${path} → ${res.status} breaks its contract (the official schema, or the one its route declares):\n  ${violations.join('\n  ')}\n${JSON.stringify(parsed, null, 2).slice(0, 4000)}`);
      }
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

export type ApiCall = ReturnType<typeof apiClient>;
