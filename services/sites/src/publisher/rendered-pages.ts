import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FallbackReason } from '@dp/markdown-html';

/**
 * Rendered pages as they are sent (docs/adr/0040, 0059): bytes and their ETag, computed once per key (a page
 * of a revision under a site view), kept in a bounded LRU. Concurrent requests for a page being rendered wait
 * for that one render instead of starting their own. A page shown as plain text because its render ran out
 * of time or lost its thread is kept only for a while (then rendered again: the cause may have passed), one
 * that found no thread free not at all; both are `transient`, which the front cache does not keep.
 */
export interface RenderedPage {
  body: Buffer;
  etag: string;
  transient: boolean;
}

/** What rendering a page gave: its HTML, and why it is its plain text when it is. */
export interface PageRendering {
  html: string;
  fallback?: FallbackReason;
  /** Shows data that changes without the page's revision (a spec's latest version): kept only a while, like a fallback. */
  live?: boolean;
}

/** How long a page that ran out of time (or lost its thread) is served as plain text before it is tried again. */
const RETRY_AFTER_MS = 60_000;

export class RenderedPages {
  private readonly pages: LRUCache<string, RenderedPage>;
  private readonly rendering = new Map<string, Promise<RenderedPage | undefined>>();

  constructor(maxBytes: number) {
    this.pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: (page) => Math.max(1, page.body.length) });
  }

  /** The page under `key`, rendered by `render` when it is not kept (undefined from `render`: no such page, not kept). */
  get(key: string, render: () => Promise<PageRendering | undefined>): Promise<RenderedPage | undefined> {
    const kept = this.pages.get(key);
    if (kept) return Promise.resolve(kept);
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = render()
        .then((rendering) => rendering && this.keep(key, rendering))
        .finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
    }
    return pending;
  }

  private keep(key: string, rendering: PageRendering): RenderedPage {
    const body = Buffer.from(rendering.html);
    const transient = (rendering.fallback !== undefined && rendering.fallback !== 'limits') || rendering.live === true;
    const page = { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`, transient };
    if (rendering.fallback !== 'busy') this.pages.set(key, page, transient ? { ttl: RETRY_AFTER_MS } : {});
    return page;
  }
}
