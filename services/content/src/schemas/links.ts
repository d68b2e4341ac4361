import { listQuery } from '@dp/http';

/** Links and backlinks are lists: `page` and `limit` (max 1000). Params reuse the content ones. */
export const linksQuery = listQuery();
