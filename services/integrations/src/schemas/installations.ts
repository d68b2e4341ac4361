import { idParam, listQuery, type FromSchema } from '@dp/http';
import { integrationName } from './integrations';

export const installationParams = {
  type: 'object',
  properties: { integrationName, installationId: idParam },
  required: ['integrationName', 'installationId'],
} as const;

/** Official `OrganizationTarget`: the organization (id) to install on. */
export const installIntegrationBody = {
  type: 'object',
  properties: { organization: idParam },
  required: ['organization'],
  additionalProperties: false,
} as const;

export const listInstallationsQuery = listQuery({ externalId: { type: 'string', minLength: 1, maxLength: 200 } });

const externalIds = { type: 'array', maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 200 } } as const;
const configuration = { type: 'object' } as const;
const selection = { type: 'string', enum: ['all', 'selected'] } as const;

/** The official UpdateIntegrationInstallation. */
export const updateInstallationBody = {
  type: 'object',
  properties: { externalIds, configuration, space_selection: selection, site_selection: selection },
  additionalProperties: false,
} as const;
export type UpdateInstallationBody = FromSchema<typeof updateInstallationBody>;

/** The official UpdateIntegrationSpaceInstallation (and its site twin). */
export const updateBindingBody = {
  type: 'object',
  properties: { externalIds, configuration },
  additionalProperties: false,
} as const;

export const installSpaceBody = { type: 'object', properties: { space: idParam }, required: ['space'], additionalProperties: false } as const;
export const installSiteBody = { type: 'object', properties: { siteId: idParam }, required: ['siteId'], additionalProperties: false } as const;

const extended = { type: 'boolean', default: false } as const;
export const bindingQuery = { type: 'object', properties: { extended } } as const;
export const listBindingsQuery = listQuery({ externalId: { type: 'string', minLength: 1, maxLength: 200 }, extended });
export const listInstallationBindingsQuery = listQuery({ extended });
export const spaceBindingParams = {
  type: 'object',
  properties: { integrationName, installationId: idParam, spaceId: idParam },
  required: ['integrationName', 'installationId', 'spaceId'],
} as const;
export const siteBindingParams = {
  type: 'object',
  properties: { integrationName, installationId: idParam, siteId: idParam },
  required: ['integrationName', 'installationId', 'siteId'],
} as const;
