import { idParam } from '@dp/http';

/** `POST /internal/spaces/{spaceId}/withdraw`: the user the space was created for (and by). */
export const withdrawSpaceBody = {
  type: 'object',
  properties: { createdBy: idParam },
  required: ['createdBy'],
  additionalProperties: false,
} as const;
