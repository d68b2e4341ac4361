import { idParam, listQuery } from '@dp/http';
import { integrationName } from './integrations';

export const integrationEventParams = {
  type: 'object',
  properties: { integrationName, eventId: idParam },
  required: ['integrationName', 'eventId'],
} as const;

export const listIntegrationEventsQuery = listQuery();
