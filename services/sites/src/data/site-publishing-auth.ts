import type { Knex } from 'knex';

export interface SitePublishingAuthRow {
  site_id: string;
  backend: string;
  /** The HS256 key of the site's visitor tokens: shown to the site's admins, never logged. */
  private_key: string;
  fallback_url: string | null;
  logout_url: string | null;
  updated_at: Date;
}

const table = (db: Knex) => db<SitePublishingAuthRow>('site_publishing_auth');

/** The publishing auth of the site, or undefined while nobody has asked for its key yet. */
export const findSitePublishingAuth = (db: Knex, siteId: string): Promise<SitePublishingAuthRow | undefined> => table(db).where({ site_id: siteId }).first();

/**
 * The publishing auth of the site, made with `privateKey` if it had none. Two first readers racing both end
 * with the row that was written first (the other insert does nothing).
 */
export async function ensureSitePublishingAuth(db: Knex, siteId: string, privateKey: string): Promise<SitePublishingAuthRow> {
  await table(db).insert({ site_id: siteId, private_key: privateKey }).onConflict('site_id').ignore();
  const row = await findSitePublishingAuth(db, siteId);
  if (!row) throw new Error(`site_publishing_auth of ${siteId} vanished after its insert`);
  return row;
}

export type PublishingAuthPatch = Partial<Pick<SitePublishingAuthRow, 'backend' | 'private_key' | 'fallback_url' | 'logout_url'>>;

/** Applies the patch to the site's row (which must exist: call ensureSitePublishingAuth first). */
export async function updateSitePublishingAuth(db: Knex, siteId: string, patch: PublishingAuthPatch): Promise<SitePublishingAuthRow> {
  const [row] = await table(db)
    .where({ site_id: siteId })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return row;
}
