import { pathParams, type FromSchema } from '@dp/http';

/** `/sso/saml/{samlProviderId}/...`: the public sign-in URLs of a provider. */
export const ssoParams = pathParams('samlProviderId');

/**
 * What an identity provider posts to the ACS URL (HTTP-POST binding, form-encoded): the base64 SAMLResponse
 * and the RelayState the AuthnRequest carried. 400 KB of base64 is far above any real response (a few KB,
 * tens with many attributes or certificates).
 */
export const acsForm = {
  type: 'object',
  properties: {
    SAMLResponse: { type: 'string', minLength: 1, maxLength: 400_000, pattern: '^[A-Za-z0-9+/=\\s]+$' },
    RelayState: { type: 'string', maxLength: 200 },
  },
  required: ['SAMLResponse'],
  additionalProperties: false,
} as const;
export type AcsForm = FromSchema<typeof acsForm>;
