import type { Knex } from 'knex';
import { isActiveShareKey } from '../data/share-links';
import type { SiteRow } from '../data/sites';

/** The presented `shareKey` when it opens this share-link site (an active link's key), else undefined. */
export async function activeShareKey(db: Knex, site: Pick<SiteRow, 'id' | 'visibility'>, shareKey: string | undefined): Promise<string | undefined> {
  return shareKey && site.visibility === 'share-link' && (await isActiveShareKey(db, site.id, shareKey)) ? shareKey : undefined;
}
