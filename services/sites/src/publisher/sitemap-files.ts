import { LRUCache } from 'lru-cache';

/**
 * Sitemap files as last made, by what they were made from (the site's view, what the visitor sees of it, its
 * revisions, the part): listing a space's pages is linear in them, a crawler's next read of the same file is not.
 * Bounded by what the files weigh; a file that is none (a part past the last) is not kept.
 */
export class SitemapFiles {
  private readonly files: LRUCache<string, string>;

  constructor(maxBytes: number) {
    this.files = new LRUCache({ maxSize: maxBytes, sizeCalculation: (file, key) => 2 * (file.length + key.length) });
  }

  async get(key: string, make: () => Promise<string | undefined>): Promise<string | undefined> {
    const kept = this.files.get(key);
    if (kept !== undefined) return kept;
    const file = await make();
    if (file !== undefined) this.files.set(key, file);
    return file;
  }
}
