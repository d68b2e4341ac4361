import { idParam, listQuery, pathParams } from '@dp/http';
import { IMPORT_RUN_STATUSES } from '../domain/import/run-status';
/** Import sources this service supports; the official enumeration names others (`file`) it does not. */
export const IMPORT_SOURCES = ['website'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** POST .../content/import: where to import from and what kind of source it is. */
export const importContentBody = {
  type: 'object',
  required: ['url', 'source'],
  properties: {
    url: { type: 'string', format: 'uri', maxLength: 2048 },
    source: { type: 'string', enum: IMPORT_SOURCES },
  },
  additionalProperties: false,
} as const;

/** POST /org/{id}/imports (official StartImportRun): a website into a space or one of its change requests. */
export const startImportRunBody = {
  type: 'object',
  required: ['source', 'target'],
  properties: {
    source: {
      type: 'object',
      required: ['type', 'url'],
      properties: { type: { type: 'string', enum: IMPORT_SOURCES }, url: { type: 'string', format: 'uri', maxLength: 2048 } },
      additionalProperties: false,
    },
    target: {
      type: 'object',
      required: ['space'],
      properties: { space: idParam, changeRequest: idParam, page: idParam },
      additionalProperties: false,
    },
    // Accepted as the official body has them: `site` only lists a run under a site, `enhance` asks for AI we do not run.
    site: { type: 'string', maxLength: 100 },
    enhance: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const importRunsParams = pathParams('organizationId');
export const importRunParams = pathParams('organizationId', 'importRunId');

/** GET /org/{id}/imports: the official filters; `active` is `pending` and `in-progress`. */
export const listImportRunsQuery = listQuery({
  space: idParam,
  changeRequest: idParam,
  site: idParam,
  status: { type: 'string', enum: ['active', ...IMPORT_RUN_STATUSES] },
});
