import type { Knex } from 'knex';
import type { ListParams } from '@dp/http';
import { paginate } from '@dp/db';

export interface VersionRow {
  seq: string;
  id: string;
  spec_id: string;
  content_hash: string;
  /** Every file of the bundle as parsed, by name (the official OpenAPISpecContent `filesystem`). */
  filesystem: Record<string, unknown>;
  source_url: string | null;
  created_at: Date;
}

export type NewVersionRow = Pick<VersionRow, 'id' | 'spec_id' | 'content_hash' | 'filesystem' | 'source_url'>;

export const findVersion = (db: Knex, specId: string, versionId: string) => db<VersionRow>('spec_versions').where({ spec_id: specId, id: versionId }).first();

export async function insertVersion(db: Knex, row: NewVersionRow): Promise<VersionRow> {
  const [version] = await db<VersionRow>('spec_versions')
    .insert({ ...row, filesystem: db.raw('?::jsonb', [JSON.stringify(row.filesystem)]) })
    .returning('*');
  return version;
}

/** A version without its files: what lists and version reads show. */
export type VersionMeta = Omit<VersionRow, 'filesystem'>;
const META = ['seq', 'id', 'spec_id', 'content_hash', 'source_url', 'created_at'] as const;

/** The versions of a spec, newest first. */
export function listVersions(db: Knex, specId: string, params: ListParams) {
  return paginate<VersionMeta>(db('spec_versions').select(...META).where({ spec_id: specId }), params, { order: 'desc' });
}
