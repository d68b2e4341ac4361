import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { SHARE_PARAM, TOKEN_PARAM } from './audience-decision';
import type { SiteViews } from './site-views';
import { UNSIGNED_QUERY_PREFIX } from './visitor-claims';

/**
 * Anonymous repeat views of public and unlisted pages, answered before express (docs/adr/0040, 0059): the bytes and
 * headers express served, kept at most what is left of the site view's 1 s and only while the views' generation is
 * unchanged, so an entry is never fresher-looking than its view. Only a GET with no cookie and none of the audience's
 * query parameters (docs/adr/0041) is kept or answered; any other parameter changes nothing, so the page is found
 * by its path alone (`?v=1`, `?v=2`... are one entry, not a way around the cache). Design: docs/design/publisher.md.
 */
interface FrontEntry {
  headers: OutgoingHttpHeaders;
  etag: string;
  body: Buffer;
  generation: number;
}

/** What identifies a request's answer: the URL the visitor used (scheme and host as a proxy forwards them, and the path). */
function keyOf(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET' || req.headers.cookie !== undefined || !req.url) return undefined;
  const at = req.url.indexOf('?');
  if (at >= 0 && carriesAudience(req.url.slice(at + 1))) return undefined;
  const path = at >= 0 ? req.url.slice(0, at) : req.url;
  return `${req.headers['x-forwarded-proto'] ?? ''}|${req.headers['x-forwarded-host'] ?? req.headers.host ?? ''}|${path}`;
}

/** Whether a query holds a parameter the audience reads: a share key, a visitor token or an unsigned claim. */
export function carriesAudience(query: string): boolean {
  for (const name of new URLSearchParams(query).keys()) {
    if (name === SHARE_PARAM || name === TOKEN_PARAM || name.startsWith(UNSIGNED_QUERY_PREFIX)) return true;
  }
  return false;
}

export class FrontCache {
  private readonly entries: LRUCache<string, FrontEntry>;

  constructor(
    private readonly views: SiteViews,
    maxBytes: number,
  ) {
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (e) => e.body.length + 512 });
  }

  /** Answers `req` from the cache when it can; false: express answers it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const key = keyOf(req);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (!entry || entry.generation !== this.views.generation) return false;
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, entry.headers);
      res.end();
      return true;
    }
    res.writeHead(200, { ...entry.headers, 'content-length': entry.body.length });
    res.end(entry.body);
    return true;
  }

  /**
   * Keeps the page express just sent for `req` (a public or unlisted page, sent to nobody in particular), for
   * as long as the site's view has left to live; `seen`: the site and the views' generation when the request began.
   */
  remember(req: IncomingMessage, seen: { siteId: string; generation: number }, headers: OutgoingHttpHeaders, etag: string, body: Buffer): void {
    const key = keyOf(req);
    // Rendered from views an event has changed since: not kept (the next request renders it anew).
    if (key === undefined || seen.generation !== this.views.generation) return;
    const ttl = this.views.remainingMs(seen.siteId);
    if (ttl <= 0) return;
    // The request id names one request: a cached answer is not that request's.
    const { 'x-request-id': _requestId, 'content-length': _length, ...kept } = headers;
    this.entries.set(key, { headers: kept, etag, body, generation: this.views.generation }, { ttl });
  }
}
