import { roleSchema } from '@dp/auth';
import { idParam, listQuery, pathParams, urlSchema, type FromSchema } from '@dp/http';

export const samlProviderParams = pathParams('organizationId', 'samlProviderId');

export const listSamlProvidersQuery = listQuery();

/** The official field limits (SAMLProviderLabel, SAMLProviderEntityID, SAMLProviderCertificate, URL). */
const fields = {
  label: { type: 'string', minLength: 1, maxLength: 30 },
  entityID: { type: 'string', minLength: 1, maxLength: 1024 },
  certificate: { type: 'string', minLength: 1, maxLength: 10000 },
  ssoURL: urlSchema,
  defaultRole: { oneOf: [roleSchema, { type: 'null' }] },
} as const;

/** `POST ORG/saml`: only the label is required; the provider is `pending` until entityID, ssoURL and certificate are set. */
export const createSamlProviderBody = {
  type: 'object',
  properties: { ...fields, defaultTeam: idParam },
  required: ['label'],
  additionalProperties: false,
} as const;
export type CreateSamlProviderBody = FromSchema<typeof createSamlProviderBody>;

/** `PATCH ORG/saml/{samlProviderId}`: the same fields, each optional; `defaultTeam: null` removes the default team. */
export const updateSamlProviderBody = {
  type: 'object',
  minProperties: 1,
  properties: { ...fields, defaultTeam: { oneOf: [idParam, { type: 'null' }] } },
  additionalProperties: false,
} as const;
export type UpdateSamlProviderBody = FromSchema<typeof updateSamlProviderBody>;
