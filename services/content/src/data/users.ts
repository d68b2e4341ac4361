import type { Knex } from 'knex';
import type { UserLike } from '@dp/presenters';

/** Local copy of identity's users (display name and email), for `createdBy` and the like. */
export async function upsertUser(db: Knex, user: UserLike): Promise<void> {
  await db('users')
    .insert({ id: user.id, email: user.email, display_name: user.display_name, photo_url: user.photo_url ?? null, updated_at: db.fn.now() })
    .onConflict('id')
    .merge();
}

export async function findUsers(db: Knex, ids: string[]): Promise<Map<string, UserLike>> {
  const rows: UserLike[] = ids.length ? await db('users').whereIn('id', [...new Set(ids)]).select('id', 'email', 'display_name', 'photo_url') : [];
  return new Map(rows.map((r) => [r.id, r]));
}
