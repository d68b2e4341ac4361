import { roleSchema } from '@dp/auth';
import { mergeRulesStandaloneSchema } from '@dp/contracts';
import { domainSchema, pathParams, urlSchema, type FromSchema } from '@dp/http';

export const organizationParams = pathParams('organizationId');

const title = { type: 'string', minLength: 2, maxLength: 255, pattern: '\\S.*\\S' } as const;
const emailDomains = { type: 'array', items: domainSchema, maxItems: 50, uniqueItems: true } as const;

export const createOrganizationBody = {
  type: 'object',
  properties: { title, emailDomains },
  required: ['title'],
  additionalProperties: false,
} as const;

/** `withDefaultSite` is documented by the official spec; no site is created with the organization yet. */
export const createOrganizationQuery = { type: 'object', properties: { withDefaultSite: { type: 'boolean' } } } as const;

export const updateOrganizationBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    title,
    emailDomains,
    hostname: { type: 'string', minLength: 3, maxLength: 32, pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$' },
    defaultRole: { oneOf: [roleSchema, { type: 'null' }] },
    defaultContent: {
      oneOf: [
        { type: 'object', properties: { type: { const: 'site' }, site: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['type', 'site'], additionalProperties: false },
        { type: 'null' },
      ],
    },
    logo: { oneOf: [urlSchema, { type: 'null' }] },
    sso: { type: 'boolean' },
    ai: { type: 'boolean' },
    inviteLinks: { type: 'boolean' },
    mergeRules: mergeRulesStandaloneSchema,
  },
  additionalProperties: false,
} as const;

export type UpdateOrganizationBody = FromSchema<typeof updateOrganizationBody>;

export const emailDomainParams = {
  type: 'object',
  properties: { emailDomain: domainSchema },
  required: ['emailDomain'],
} as const;
