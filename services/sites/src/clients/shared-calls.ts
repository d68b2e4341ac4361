import type { LRUCache } from 'lru-cache';

/**
 * Reads through a bounded cache of what never changes (content by revision id): a hit answers at once,
 * concurrent misses of one key share one call, and only what `keep` accepts is kept (a 404 never is).
 */
export function sharedCalls<T extends object>(cache: LRUCache<string, T>) {
  const inFlight = new Map<string, Promise<T | undefined>>();
  return (key: string, load: () => Promise<T | undefined>, keep: (value: T) => boolean = () => true): Promise<T | undefined> => {
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    let call = inFlight.get(key);
    if (!call) {
      call = load()
        .then((value) => {
          if (value && keep(value)) cache.set(key, value);
          return value;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, call);
    }
    return call;
  };
}
