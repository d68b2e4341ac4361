import type { SpaceCounts } from '@dp/events';
import type { Knex } from 'knex';
import { runPrepared, statement } from '@dp/db';

/**
 * The counters a Space carries, counted for the space `s` of the enclosing query (every GET of a space runs
 * them): open comments on the live content (change requests' comments are theirs), and change requests in
 * all, open and draft. Each count is answered from its index (comments_open; change_requests by space).
 * Shared by the counts of many spaces and by the one-query read of a space with its counters.
 */
export const COUNT_COLUMNS = `
  (select count(*) from comments c where c.space_id = s.id and c.change_request_id is null and c.resolved_at is null)::int as count_comments,
  cr.count_total, cr.count_open, cr.count_draft`;
export const COUNT_JOIN = `
  left join lateral (
    select count(*)::int as count_total,
           (count(*) filter (where status = 'open'))::int as count_open,
           (count(*) filter (where status = 'draft'))::int as count_draft
      from change_requests where space_id = s.id
  ) cr on true`;

export interface CountColumns {
  count_comments: number;
  count_total: number;
  count_open: number;
  count_draft: number;
}

export const countsOf = (r: CountColumns): SpaceCounts => ({
  comments: r.count_comments,
  changeRequests: r.count_total,
  changeRequestsOpen: r.count_open,
  changeRequestsDraft: r.count_draft,
});

const COUNTS = statement('content_space_counts', `select s.id as space_id, ${COUNT_COLUMNS} from unnest($1::text[]) as s(id) ${COUNT_JOIN}`);

/** The counters of many spaces in ONE query. */
export async function countSpaces(db: Knex, spaceIds: string[]): Promise<Map<string, SpaceCounts>> {
  if (!spaceIds.length) return new Map();
  const rows = await runPrepared<CountColumns & { space_id: string }>(db, COUNTS, [spaceIds]);
  return new Map(rows.map((r) => [r.space_id, countsOf(r)]));
}
