import type { FromSchema } from 'json-schema-to-ts';

const id = { type: 'string', minLength: 1, maxLength: 100 } as const;

/**
 * `POST /internal/integrations/{integrationName}/blocks/render` (integrations, asked by the sites publisher and
 * content's PDF export, docs/adr/0094): an integration block of a page of `spaceId`, rendered by the integration
 * installed on the space's organization, as its ContentKit element.
 */
export const integrationBlockRenderBody = {
  type: 'object',
  properties: { organizationId: id, spaceId: id, blockId: id, props: { type: 'object' } },
  required: ['organizationId', 'spaceId', 'blockId', 'props'],
  additionalProperties: false,
} as const;
export type IntegrationBlockRenderBody = FromSchema<typeof integrationBlockRenderBody>;

export const integrationBlockRenderResponse = {
  type: 'object',
  properties: {
    /** The official ContentKit element the integration answered (drawn by @dp/markdown-html's contentKitHtml). */
    element: { type: 'object' },
    /** How long the element may be shown again without asking (the integration's `cache-control: max-age`, at most an hour). */
    maxAgeSeconds: { type: 'integer', minimum: 0, maximum: 3600 },
  },
  required: ['element', 'maxAgeSeconds'],
  additionalProperties: false,
} as const;
export type IntegrationBlockRender = FromSchema<typeof integrationBlockRenderResponse>;
