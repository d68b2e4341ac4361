import { fetchOutbound } from '@dp/outbound';
import { SpecFetchRefused } from './processing-error';

export interface FetchLimits {
  allow: readonly string[];
  timeoutMs: number;
  /** Bytes of all the files together. */
  maxBytes: number;
  /** Files in all, the source included. */
  maxFiles: number;
}

/**
 * Fetches the files of one spec (its source and its external $refs) through the guarded outbound client,
 * each URL once, within a count and a byte budget for the whole spec. A $ref that is not an http(s) URL
 * (a local file path) is refused. Remembers the first failure, which says why processing stopped.
 */
export function specFetcher(limits: FetchLimits) {
  const files = new Map<string, Promise<Buffer>>();
  let bytes = 0;
  let firstFailure: unknown;
  async function fetchOnce(url: string, asWritten: string): Promise<Buffer> {
    if (!/^https?:\/\//i.test(url)) throw new SpecFetchRefused(`$ref to "${asWritten}" refused: only http and https URLs are fetched, never local files`);
    if (files.size >= limits.maxFiles) throw new SpecFetchRefused(`$ref to "${url}" refused: a spec may fetch at most ${limits.maxFiles} files`);
    const res = await fetchOutbound(url, { allow: limits.allow, timeoutMs: limits.timeoutMs, maxBytes: Math.max(0, limits.maxBytes - bytes) });
    bytes += res.body.length;
    return res.body;
  }
  return {
    /** `asWritten`: the $ref as the spec wrote it, which a refusal names (never a path the parser resolved it to). */
    read(url: string, asWritten?: string): Promise<Buffer> {
      const key = url.split('#')[0];
      let file = files.get(key);
      if (!file) {
        file = fetchOnce(key, asWritten ?? key).catch((err: unknown) => {
          firstFailure ??= err;
          throw err;
        });
        files.set(key, file);
      }
      return file;
    },
    get firstFailure() {
      return firstFailure;
    },
  };
}
