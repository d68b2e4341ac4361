import { listQuery, listResponse, pathParams, type FromSchema } from '@dp/http';
import { SAML_LINK_CODE_PATTERN } from '../domain/saml-links';

export const samlLinkParams = pathParams('samlProviderId');
export const listSamlLinksQuery = listQuery();

/** `POST /v1/user/saml-links`: the code a SAML sign-in answered for the caller's existing account (docs/adr/0056). */
export const createSamlLinkBody = {
  type: 'object',
  properties: { code: { type: 'string', pattern: SAML_LINK_CODE_PATTERN } },
  required: ['code'],
  additionalProperties: false,
} as const;

export type CreateSamlLinkBody = FromSchema<typeof createSamlLinkBody>;

/**
 * A link of the caller's account to a SAML provider: that provider may sign them in. `organization` is the
 * provider's organization's id; `subject` the assertion's NameID when the link was made (null: made by the
 * migration that introduced links).
 */
export const samlLinkSchema = {
  type: 'object',
  properties: {
    object: { const: 'saml-link' },
    samlProvider: {
      type: 'object',
      properties: { id: { type: 'string' }, label: { type: 'string' } },
      required: ['id', 'label'],
      additionalProperties: false,
    },
    organization: { type: 'string' },
    subject: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['object', 'samlProvider', 'organization', 'subject', 'createdAt'],
  additionalProperties: false,
} as const;

export type SamlLink = FromSchema<typeof samlLinkSchema>;

/** `GET /v1/user/saml-links`: a page of the caller's links. */
export const samlLinkListResponses = { 200: listResponse(samlLinkSchema) } as const;

/** `POST /v1/user/saml-links`: the link, 201 when new, 200 when it existed (its subject updated). */
export const createdSamlLinkResponses = { 200: samlLinkSchema, 201: samlLinkSchema } as const;
