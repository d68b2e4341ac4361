import { listQuery, type FromSchema } from '@dp/http';

/** `query` (the official name) is the search text: required, at most 512 characters, not blank. */
export const searchQuery = {
  ...listQuery({ query: { type: 'string', minLength: 1, maxLength: 512, pattern: '\\S' } }),
  required: ['query'],
} as const;

export type SearchQuery = FromSchema<typeof searchQuery>;
