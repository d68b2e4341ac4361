import type { Caller } from '@dp/auth';
import { DEFAULT_LIMIT, decodeKeys, encodeCursor, type Page } from '@dp/db';
import type { ListParams } from '@dp/http';
import type { Knex } from 'knex';
import { mainLine, type RevisionSummaryRow } from '../data/revisions';
import { loadAuthorizedSpace } from './load-space';

/**
 * `GET /spaces/{spaceId}/revisions` (issue 26; GitBook's app shows it, the official API has no operation): the
 * space's history newest first, from its live revision. A page's token names the revision it starts at and how
 * many came before it, so that a merge between two reads does not shift the pages and the count stays whole.
 */
export async function spaceHistory(db: Knex, caller: Caller, spaceId: string, params: ListParams): Promise<Page<RevisionSummaryRow>> {
  const { space } = await loadAuthorizedSpace(db, caller, spaceId, 'view');
  const [fromId, before] = params.page ? decodeKeys(params.page, ['text', 'bigint']) : [space.revision_id, '0'];
  const limit = params.limit ?? DEFAULT_LIMIT;
  const { rows, count } = await mainLine(db, space.id, fromId, limit + 1);
  const items = rows.slice(0, limit);
  const next = rows[limit];
  return { items, count: Number(before) + count, ...(next ? { next: { page: encodeCursor([next.id, Number(before) + limit]) } } : {}) };
}
