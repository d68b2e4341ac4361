import { type FromSchema } from '@dp/http';
import { integrationName } from './integrations';

/**
 * The official RenderIntegrationUI: the component to render, its props and state, where it is rendered
 * (ContentKitContext) and the action that caused the render. `context` is checked for what routing the
 * render needs (its type, theme and the ids it names); the integration reads the rest.
 */
const plainObject = { type: 'object' } as const;
const id = { type: 'string', minLength: 1, maxLength: 100 } as const;

export const renderRequest = {
  type: 'object',
  properties: {
    componentId: id,
    props: plainObject,
    state: plainObject,
    context: {
      type: 'object',
      properties: {
        type: { type: 'string', enum: ['configuration_account', 'configuration_space', 'configuration_site', 'configuration_contentsource', 'document'] },
        theme: { type: 'string', enum: ['dark', 'light'] },
        organizationId: id,
        spaceId: id,
        siteId: id,
        editable: { type: 'boolean' },
      },
      required: ['type', 'theme'],
    },
    action: plainObject,
  },
  required: ['componentId', 'props', 'context'],
  additionalProperties: false,
} as const;
export type RenderRequest = FromSchema<typeof renderRequest>;

export const renderParams = { type: 'object', properties: { integrationName }, required: ['integrationName'] } as const;

/** GET: the request as LZ-string compressed JSON (`compressToEncodedURIComponent`), as GitBook's clients send it. */
export const renderQuery = {
  type: 'object',
  properties: { request: { type: 'string', minLength: 1, maxLength: 65536 } },
  required: ['request'],
} as const;
