import type { SpaceCounts } from '@dp/events';
import type { Knex } from 'knex';
import { countChangeRequests } from './change-requests';
import { countOpenSpaceComments } from './comments';

const none: SpaceCounts = { comments: 0, changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 };

/**
 * The counters a Space carries (open comments, change requests by status), for many spaces at once. The
 * queries run one after the other: `db` may be a transaction, whose one connection runs one at a time.
 */
export async function countSpaces(db: Knex, spaceIds: string[]): Promise<Map<string, SpaceCounts>> {
  const changeRequests = await countChangeRequests(db, spaceIds);
  const comments = await countOpenSpaceComments(db, spaceIds);
  return new Map(spaceIds.map((id) => [id, { ...none, ...changeRequests.get(id), comments: comments.get(id) ?? 0 }]));
}
