import type { GitHttpRequest, GitHttpResponse, HttpClient } from 'isomorphic-git';
import { fetchOutbound, OutboundError } from '@dp/outbound';
import { GitHostError } from './git-host-error';
import { packInflatedBytes, packOfUploadResponse } from './git-pack';

/** What one exchange with a git host may cost: a repository is the tenant's, its host may be hostile. */
export interface GitHttpLimits {
  /** Hosts or CIDRs reachable although private (OUTBOUND_ALLOW): a self-hosted git server on the network. */
  allow?: readonly string[] | string;
  /** Bytes of one response (a pack): past it the exchange is cut. */
  maxBytes: number;
  timeoutMs: number;
  /** Bytes a fetched pack's objects may take once inflated (git-pack.ts); counted before isomorphic-git inflates them. */
  maxInflatedBytes?: number;
}

async function collect(body: GitHttpRequest['body']): Promise<Buffer | undefined> {
  if (!body) return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* once(bytes: Uint8Array): AsyncIterableIterator<Uint8Array> {
  yield bytes;
}

/**
 * isomorphic-git's HTTP client over @dp/outbound (docs/adr/0106): every request to a git host goes through the
 * platform's SSRF guards (no private address unless allowed, the platform's own ports never), with a byte and a
 * time limit; any status goes back to isomorphic-git, which says what it means (401: the credentials).
 */
export function gitHttp(limits: GitHttpLimits): HttpClient {
  return {
    async request({ url, method = 'GET', headers = {}, body }: GitHttpRequest): Promise<GitHttpResponse> {
      try {
        const res = await fetchOutbound(url, { method, headers, body: await collect(body), allow: limits.allow, maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs, anyStatus: true, maxRedirects: 3 });
        if (limits.maxInflatedBytes !== undefined && method === 'POST' && url.endsWith('/git-upload-pack') && res.status === 200) {
          const pack = packOfUploadResponse(res.body);
          if (pack) packInflatedBytes(pack, limits.maxInflatedBytes);
        }
        const flat = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
        return { url: res.url, method, statusCode: res.status, statusMessage: String(res.status), headers: flat, body: once(new Uint8Array(res.body)) };
      } catch (err) {
        if (err instanceof OutboundError) throw new GitHostError(`the git host could not be reached: ${err.message}`);
        throw err;
      }
    },
  };
}
