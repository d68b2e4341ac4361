/**
 * The rate limit as HTTP headers, after draft-ietf-httpapi-ratelimit-headers (docs/adr/0051), in both of its
 * shapes, since clients read one or the other:
 * - `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (drafts up to 06): what most client libraries and
 *   proxies parse today;
 * - `RateLimit-Policy` and `RateLimit` as structured fields (drafts 08 and later): the policy named `gateway`,
 *   its quota `q` in a window `w`, what is left `r` and the seconds `t` until it is whole again.
 * The draft-07 `RateLimit: limit=..., remaining=..., reset=...` is left out: it shares the field name with the
 * current shape and few clients read it.
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
