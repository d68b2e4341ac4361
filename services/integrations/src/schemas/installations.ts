import { idParam, listQuery } from '@dp/http';
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
