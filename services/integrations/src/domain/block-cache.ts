/** An integration block's element is shown again without asking for at most this long (docs/adr/0094). */
export const MAX_BLOCK_AGE_SECONDS = 3600;
/** Without a `max-age`, a minute: a block's data (a status, a count) changes without the page changing. */
export const DEFAULT_BLOCK_AGE_SECONDS = 60;

/** How long a rendered block may be kept, from the integration's `cache-control`; `no-store`/`no-cache`: 0. */
export function maxAgeOf(cacheControl: string | undefined): number {
  if (!cacheControl) return DEFAULT_BLOCK_AGE_SECONDS;
  if (/\bno-(store|cache)\b/i.test(cacheControl)) return 0;
  const age = /\bmax-age=(\d+)/i.exec(cacheControl)?.[1];
  return age === undefined ? DEFAULT_BLOCK_AGE_SECONDS : Math.min(MAX_BLOCK_AGE_SECONDS, Number(age));
}
