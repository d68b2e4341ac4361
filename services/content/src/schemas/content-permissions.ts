import { listQuery, pathParams } from '@dp/http';

export const memberParams = pathParams('organizationId', 'userId');
/** The official list parameters and its `order` (newest first by default). */
export const memberSpacesQuery = listQuery({ order: { type: 'string', enum: ['asc', 'desc'] } });
