import type { SpaceCounts } from '@dp/events';
import type { Knex } from 'knex';

/**
 * The counters a Space carries, for many spaces in ONE query (every GET of a space runs it): open comments
 * on the live content (change requests' comments are theirs), and change requests in all, open and draft.
 * Each count is answered from its index (comments_open; change_requests by space).
 */
const COUNTS = `
  select s.id as space_id,
         (select count(*) from comments c where c.space_id = s.id and c.change_request_id is null and c.resolved_at is null)::int as comments,
         cr.total, cr.open, cr.draft
    from unnest(?::text[]) as s(id)
    left join lateral (
      select count(*)::int as total,
             (count(*) filter (where status = 'open'))::int as open,
             (count(*) filter (where status = 'draft'))::int as draft
        from change_requests where space_id = s.id
    ) cr on true`;

export async function countSpaces(db: Knex, spaceIds: string[]): Promise<Map<string, SpaceCounts>> {
  if (!spaceIds.length) return new Map();
  const { rows } = await db.raw<{ rows: Array<{ space_id: string; comments: number; total: number; open: number; draft: number }> }>(COUNTS, [spaceIds]);
  return new Map(rows.map((r) => [r.space_id, { comments: r.comments, changeRequests: r.total, changeRequestsOpen: r.open, changeRequestsDraft: r.draft }]));
}
