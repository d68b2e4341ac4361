import { LRUCache } from 'lru-cache';

/**
 * Rendered JSON of immutable things (a revision, its page tree, per place it is read from): rendered once and
 * served from memory after that, since a revision never changes. The big reads (a 5,000-page tree is
 * megabytes) are what it is for; 64 MB at most (UTF-16), least recently used first out. Authorization runs
 * on every request before the cache is looked at.
 */
export function renderedCache(maxBytes = 64 * 1024 * 1024) {
  const cache = new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (body) => Math.max(1, body.length * 2) });
  return async function rendered(key: string, render: () => Promise<string>): Promise<string> {
    let body = cache.get(key);
    if (body === undefined) {
      body = await render();
      cache.set(key, body);
    }
    return body;
  };
}
