/**
 * The rate limit as HTTP headers (draft-ietf-httpapi-ratelimit-headers, docs/adr/0051), in both shapes clients
 * read: `RateLimit-Limit`/`-Remaining`/`-Reset` (drafts up to 06, what most libraries and proxies parse) and the
 * structured `RateLimit-Policy` and `RateLimit` (drafts 08 and later: quota `q` in window `w`, `r` left, `t` seconds
 * until whole). Draft 07's `RateLimit: limit=...` is left out: same field name as the current shape, few readers.
 */
export const RATE_LIMIT_WINDOW_S = 60;
const POLICY = '"gateway"';

export function rateLimitHeaders(limit: number, taken: { remaining: number; resetS: number }): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(taken.remaining),
    'ratelimit-reset': String(taken.resetS),
    'ratelimit-policy': `${POLICY};q=${limit};w=${RATE_LIMIT_WINDOW_S}`,
    ratelimit: `${POLICY};r=${taken.remaining};t=${taken.resetS}`,
  };
}
