import type { Knex } from 'knex';

/** Records former paths (the newest page to leave a path holds it), in batches the driver takes. */
export async function recordFormerPaths(db: Knex, spaceId: string, moves: Array<{ path: string; pageId: string }>): Promise<void> {
  for (let at = 0; at < moves.length; at += 1000) {
    const rows = moves.slice(at, at + 1000).map((m) => ({ space_id: spaceId, path: m.path, page_id: m.pageId }));
    await db('former_page_paths').insert(rows).onConflict(['space_id', 'path']).merge({ page_id: db.raw('excluded.page_id'), recorded_at: db.fn.now() });
  }
}

/** The page that last had `path` in the space, if one did. */
export async function findFormerPath(db: Knex, spaceId: string, path: string): Promise<string | undefined> {
  const row = await db('former_page_paths').where('space_id', spaceId).andWhere('path', path).first<{ page_id: string } | undefined>('page_id');
  return row?.page_id;
}
