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
