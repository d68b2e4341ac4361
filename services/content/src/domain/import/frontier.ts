import { crawlScope, inScope, pageKey, type CrawlScope } from './links';

/** Pages one website import discovers at most (each becomes one page of one batch of changes). */
export const MAX_IMPORT_PAGES = 50;

/**
 * The breadth-first queue of a website crawl: pages in the order their links were first seen, each once,
 * within the start page's scope, and no more than `limit` discovered in all.
 */
export class CrawlFrontier {
  private readonly seen = new Set<string>();
  /** Keys never to queue: the discovered pages and the URLs that redirected to one of them. */
  private readonly known = new Set<string>();
  private readonly queue: string[] = [];
  readonly scope: CrawlScope;

  /**
   * `start`: the start page's final URL (after redirects), taken as discovered and fetched; `aliases`: the
   * URLs that led to it (the one asked for), so that links back to them do not fetch it again.
   */
  constructor(
    start: string,
    aliases: string[] = [],
    private readonly limit = MAX_IMPORT_PAGES,
  ) {
    this.scope = crawlScope(start);
    const key = pageKey(start, start) ?? start;
    this.seen.add(key);
    for (const alias of [key, ...aliases]) this.known.add(pageKey(alias, alias) ?? alias);
  }

  /** Keys of the pages discovered so far, the start page first. */
  get discovered(): string[] {
    return [...this.seen];
  }

  /** Adds the pages a fetched page links to (hrefs relative to `base`); out-of-scope and known ones are ignored. */
  addLinks(hrefs: string[], base: string): void {
    for (const href of hrefs) {
      if (this.seen.size >= this.limit) return;
      const key = pageKey(href, base);
      if (!key || this.known.has(key) || !inScope(key, this.scope)) continue;
      this.seen.add(key);
      this.known.add(key);
      this.queue.push(key);
    }
  }

  /** The next page to fetch, or undefined when none is left. */
  next(): string | undefined {
    return this.queue.shift();
  }
}
