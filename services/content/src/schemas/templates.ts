import { idParam } from '@dp/http';

/** Official `ApplySpaceTemplate` (+ `changeRequestId`). No template of ours takes `params`: they are accepted and unused. */
const params = { type: 'object', properties: { contentRefs: { type: 'object' } }, additionalProperties: false } as const;

export const applyTemplateBody = {
  type: 'object',
  properties: { id: idParam, params, changeRequestId: idParam },
  required: ['id'],
  additionalProperties: false,
} as const;

export const templateReference = { type: 'object', properties: { id: idParam, params }, required: ['id'], additionalProperties: false } as const;
