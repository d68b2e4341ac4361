import { listQuery } from '@dp/http';

/** Links and backlinks are lists: `page` and `limit` (max 1000). Params reuse the content ones. */
export const linksQuery = listQuery();

/** Lists of links also take the official `status` filter (ok, broken, in-app). */
export const linkListQuery = listQuery({ status: { type: 'string', enum: ['ok', 'broken', 'in-app'] } });
